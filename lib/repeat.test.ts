import { describe, expect, it } from "vitest";
import { repeatEvery } from "./repeat";

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
