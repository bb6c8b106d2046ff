import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "../../tests/support/fake-browser";
import { mergeGuestCartAfterLogin, readGuestCart } from "./guest-cart";

describe("mergeGuestCartAfterLogin", () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = fakeBrowser().store;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the guest cart once when the login's action and the signed-in page both ask for the merge", async () => {
    store.set("cart", JSON.stringify([{ productId: "p1", quantity: 2 }]));
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);

    const first = mergeGuestCartAfterLogin();
    const second = mergeGuestCartAfterLogin();
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(new Response("{}", { status: 200 }));
    // both learn it went through (each refreshes its page), and the browser's cart is emptied
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(readGuestCart()).toEqual([]);
    expect(store.has("cartMerge")).toBe(false);
  });

  it("merges again once the first has finished (a cart filled later goes in too)", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    store.set("cart", JSON.stringify([{ productId: "p1", quantity: 1 }]));
    expect(await mergeGuestCartAfterLogin()).toBe(true);
    store.set("cart", JSON.stringify([{ productId: "p2", quantity: 3 }]));
    expect(await mergeGuestCartAfterLogin()).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    const bodies = fetch.mock.calls.map((call) => JSON.parse(((call as unknown[])[1] as RequestInit).body as string));
    expect(bodies).toEqual([{ lines: [{ productId: "p1", quantity: 1 }] }, { lines: [{ productId: "p2", quantity: 3 }] }]);
  });
});
