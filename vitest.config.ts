import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "{lib,modules,server,db,app}/**/*.test.{ts,tsx}",
      "tests/api/**/*.test.ts",
      "tests/lint/**/*.test.ts",
      "tests/e2e/support/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/close-after-file.ts"],
    pool: "forks",
    // files share their workers' loaded modules (a file costs its tests, not a second of imports);
    // each file still gets a fresh database and app, closed after it (tests/support/file-closers.ts);
    // the pages' Vite build is compiled once per worker (tests/support/pages-app.ts)
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite holds ~450 MB per file and each file is CPU-bound: two at a time on two cores
    maxWorkers: 2,
  },
});
