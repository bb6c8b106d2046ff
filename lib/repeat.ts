/**
 * Stops the timer and waits for the pass in flight. `now()` asks for a pass at once: a pass
 * already running is followed by one more (it may have read before the change that asked).
 */
export type Repeating = (() => Promise<void>) & { now(): void };

/**
 * Runs `pass` now and then every `everyMs`; a pass still running when the next is due is not
 * doubled, and the timer never keeps the process alive. Returns a stop function that waits for
 * the pass in flight. `pass` handles its own errors.
 */
export function repeatEvery(everyMs: number, pass: () => Promise<unknown>): Repeating {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  const now = () => {
    if (running) again = true;
    else tick();
  };
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    while (running) await running;
  };
  return Object.assign(stop, { now });
}
