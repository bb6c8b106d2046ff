import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    pool: "forks",
    maxWorkers: 1,
    // a whole journey: the longest take 40-60 s while the two browser groups share the 2 cores (seven
    // pages checked with axe in one test went past 60 s once); each wait inside has its own limit
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // A page waited for can be slow to settle while the other browser group shares the 2 cores:
    // CI once saw the guest cart still "Loading your cart..." after expect.poll's default 1 s.
    expect: { poll: { timeout: 5_000 } },
  },
});
