// What a test file opened through its helpers (databases, Vite servers), closed once the file's
// tests are done: tests/support/close-after-file.ts registers the hook for every file. A hook
// registered where a helper runs (inside beforeAll) would never run.
const closers: (() => Promise<void>)[] = [];

/** Closes `close` after the current file's tests, after what was opened before it (last opened, first closed). */
export function closeAfterFile(close: () => Promise<void>) {
  closers.push(close);
}

export async function closeFileResources() {
  for (let close = closers.pop(); close; close = closers.pop()) await close();
}
