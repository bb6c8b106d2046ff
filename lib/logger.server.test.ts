import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

const capture = () => {
  const lines: string[] = [];
  return { lines, logger: createLogger("error", { write: (line: string) => void lines.push(line) }) };
};

// The database's own error (node-postgres's DatabaseError, unwrapped) and errors wrapping a
// failed query: the log names what failed, never the row or the query's values.
describe("the logger's err serializer", () => {
  it("logs a driver's error without its `detail` (the failing row)", () => {
    const { lines, logger } = capture();
    const dbError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_idx"'), {
      code: "23505",
      severity: "ERROR",
      routine: "_bt_check_unique",
      constraint: "users_email_lower_idx",
      detail: "Key (lower(email))=(ada@example.ng) already exists.",
    });
    logger.error({ err: dbError }, "insert failed");
    expect(lines[0]).not.toContain("ada@example.ng");
    expect(JSON.parse(lines[0]!).err).toMatchObject({ type: "DatabaseError", code: "23505", constraint: "users_email_lower_idx" });
  });

  it("serializes a cause by the same rules", () => {
    const { lines, logger } = capture();
    const query = Object.assign(new Error("Failed query: select 1 where $1\nparams: reset-token-abc"), {
      query: "select 1 where $1",
      params: ["reset-token-abc"],
    });
    logger.error({ err: new Error("mail pass failed", { cause: new Error("outer", { cause: query }) }) }, "job failed");
    expect(lines[0]).not.toContain("reset-token-abc");
    expect(JSON.parse(lines[0]!).err).toMatchObject({
      message: "mail pass failed",
      cause: { message: "outer", cause: { type: "QueryError" } },
    });
  });

  it("logs other errors as pino does", () => {
    const { lines, logger } = capture();
    logger.error({ err: new TypeError("boom") }, "x");
    expect(JSON.parse(lines[0]!).err).toMatchObject({
      type: "TypeError",
      message: "boom",
      stack: expect.stringMatching(/^TypeError: boom/),
    });
  });
});

describe("the server's log destination", () => {
  it("writes asynchronously, and a process that exits at once (a crash) still writes every line", () => {
    const code = [
      `import { createLogger, serverLogDestination } from "./lib/logger.server.ts";`,
      `const destination = serverLogDestination();`,
      `if (destination.sync !== false) throw new Error("sync");`,
      `const logger = createLogger("info", destination);`,
      `for (let i = 0; i < 2000; i++) logger.info({ i }, "line");`,
      `process.exit(1);`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).toBe("");
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(2000);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ i: 1999, msg: "line" });
  });
});
