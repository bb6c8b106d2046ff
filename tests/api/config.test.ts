import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("npm start with bad configuration", () => {
  it("stops with one line naming the variable", () => {
    const run = spawnSync("npm", ["start", "--silent"], {
      env: { ...process.env, PORT: "abc", DATA_DIR: "/tmp/alafia-config-test" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.split("\n").filter((l) => l.trim() && !l.startsWith("npm warn"));
    expect(lines).toEqual([expect.stringMatching(/^Invalid configuration: PORT .*"abc"/)]);
    expect(run.stdout).not.toMatch(/Building/);
  });
});
