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

/** Where a background job writes what a pass did and why one failed (the app's logger). */
export type JobLog = { info(fields: object, message: string): void; error(fields: object, message: string): void };

/**
 * A background job: `repeatEvery` with its log lines. `said(result)` is what a pass did, as the
 * info line's fields (null, false or 0: nothing worth a line); a pass that throws is an error line,
 * `failed`, and the job goes on at its next turn.
 */
export function repeatJob<T>(
  everyMs: number,
  log: JobLog,
  job: { pass: () => Promise<T>; said?: (result: T) => object | null | false | 0; done?: string; failed: string },
): Repeating {
  return repeatEvery(everyMs, async () => {
    try {
      const result = await job.pass();
      const fields = job.said?.(result);
      if (fields && job.done) log.info(fields, job.done);
    } catch (err) {
      log.error({ err }, job.failed);
    }
  });
}
