import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page waited for can be slow to settle while the other browser group shares the 2 cores:
    // CI once saw the guest cart still "Loading your cart..." after expect.poll's default 1 s.
    expect: { poll: { timeout: 5_000 } },
  },
});
