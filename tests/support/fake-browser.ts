import { vi } from "vitest";

/**
 * The browser's pieces the guest cart touches (local storage, its cookie, events), stubbed for a
 * unit test; `vi.unstubAllGlobals()` takes them away. `store` is local storage, `doc.cookie` the
 * cookie as the page's script last wrote it.
 */
export function fakeBrowser(cookie = "") {
  const store = new Map<string, string>();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    location: { protocol: "http:" },
    dispatchEvent: () => true,
  });
  const doc = { cookie };
  vi.stubGlobal("document", doc);
  return { store, doc };
}
