import { defineConfig } from "vitest/config";

// `npm run test:cluster`: two shop processes, HAProxy, PostgreSQL, Redis and an S3 server (tests/cluster)
export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
