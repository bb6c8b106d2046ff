import { describe, expect, it } from "vitest";
import { repeatEvery, repeatJob } from "./repeat";

// The background jobs' timer (lib/repeat.ts): a pass at start and every interval, never two at once;
// now() asks for one at once, and one asked for during a pass runs after it.
const settle = () => new Promise((r) => setTimeout(r, 5));

describe("repeatEvery", () => {
  it("runs a pass at once, and now() another; one asked for during a pass runs right after it, once", async () => {
    let passes = 0;
    let release: (() => void) | null = null;
    const stop = repeatEvery(60_000, async () => {
      passes++;
      await new Promise<void>((r) => (release = r));
    });
    await settle();
    expect(passes).toBe(1);
    // asked twice while the first pass runs: one more pass, not two, and only after it
    stop.now();
    stop.now();
    await settle();
    expect(passes).toBe(1);
    release!();
    await settle();
    expect(passes).toBe(2);
    release!();
    await settle();
    expect(passes).toBe(2);
    // idle: now() starts one at once
    stop.now();
    await settle();
    expect(passes).toBe(3);
    release!();
    await stop();
    stop.now();
    await settle();
    expect(passes).toBe(3);
  });

  it("stop waits for the pass in flight and the one asked for during it does not start", async () => {
    const done: number[] = [];
    let release: (() => void) | null = null;
    const stop = repeatEvery(60_000, async () => {
      await new Promise<void>((r) => (release = r));
      done.push(Date.now());
    });
    await settle();
    stop.now();
    const stopped = stop();
    release!();
    await stopped;
    expect(done).toHaveLength(1);
  });
});

describe("repeatJob", () => {
  it("logs what a pass did, nothing for a pass with nothing to say, and a failed pass without stopping the job", async () => {
    const lines: [string, string, object][] = [];
    const log = {
      info: (fields: object, message: string) => lines.push(["info", message, fields]),
      error: (fields: object, message: string) => lines.push(["error", message, fields]),
    };
    const results: (number | Error)[] = [2, 0, new Error("database gone"), 1];
    const job = repeatJob(60_000, log, {
      pass: async () => {
        const next = results.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      said: (n) => n && { sent: n },
      done: "mails queued",
      failed: "mail pass failed",
    });
    for (let i = 0; i < 3; i++) {
      await settle();
      job.now();
    }
    await settle();
    await job();
    expect(lines.map(([level, message]) => `${level}: ${message}`)).toEqual([
      "info: mails queued",
      "error: mail pass failed",
      "info: mails queued",
    ]);
    expect(lines[0]![2]).toEqual({ sent: 2 });
    expect((lines[1]![2] as { err: Error }).err.message).toBe("database gone");
    expect(lines[2]![2]).toEqual({ sent: 1 });
  });
});
