/**
 * Runs `pass` now and then every `everyMs`; a pass still running when the next is due is not
 * doubled, and the timer never keeps the process alive. Returns a stop function that waits for
 * the pass in flight. `pass` handles its own errors.
 */
export function repeatEvery(everyMs: number, pass: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
