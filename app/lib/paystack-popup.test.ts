import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPaystackScript, SCRIPT_LOAD_FAILED } from "./paystack-popup";

type FakeScript = { src?: string; onload: (() => void) | null; onerror: (() => void) | null; remove: () => void };

/** The smallest browser the loader needs: a head that records the scripts added to it. */
function fakeBrowser(onAppend: (script: FakeScript) => void) {
  const added: FakeScript[] = [];
  vi.stubGlobal("window", globalThis);
  vi.stubGlobal("document", {
    createElement: () => ({ onload: null, onerror: null, remove: () => undefined }),
    head: {
      appendChild: (script: FakeScript) => {
        added.push(script);
        onAppend(script);
      },
    },
  });
  return added;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (globalThis as { PaystackPop?: unknown }).PaystackPop;
});

describe("loadPaystackScript (docs/product.md §4: 3 attempts, 1 s apart)", () => {
  it("gives up after 3 failed attempts 1 second apart with the spec's message", async () => {
    const added = fakeBrowser((s) => queueMicrotask(() => s.onerror?.()));
    const result = loadPaystackScript(undefined, "https://js.example/inline.js").catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(999);
    expect(added).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(added).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(added).toHaveLength(3);
    expect(await result).toBe(SCRIPT_LOAD_FAILED);
  });

  it("counts a load that never answers as a failed attempt, so the Pay button comes back", async () => {
    const added = fakeBrowser(() => undefined); // neither onload nor onerror, ever
    const result = loadPaystackScript(undefined, "https://js.example/inline.js", 5_000).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(3 * 5_000 + 2 * 1_000);
    expect(added).toHaveLength(3);
    expect(await result).toBe(SCRIPT_LOAD_FAILED);
  });

  it("resolves once the script has defined PaystackPop", async () => {
    const added = fakeBrowser((s) =>
      queueMicrotask(() => {
        (globalThis as { PaystackPop?: unknown }).PaystackPop = class {};
        s.onload?.();
      }),
    );
    await expect(loadPaystackScript(undefined, "https://js.example/inline.js")).resolves.toBeUndefined();
    expect(added).toHaveLength(1);
  });
});
