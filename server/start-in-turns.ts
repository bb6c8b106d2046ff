import type { RequestListener } from "node:http";

/** About how long one turn of the event loop may spend starting requests before it goes round. */
export const TURN_MS = 5;

/**
 * node:http's listener for the app, starting the requests that reach it in turns of the event
 * loop, first come first served: as many in a turn as fit in about `turnMs`, at least one.
 *
 * libuv accepts one new connection per turn (libuv pull request 3696), and node:http alone starts
 * every request its kept-alive connections have sent in the same turn. A page rendered for one
 * shopper holds the loop for milliseconds, so under load a turn lasted their sum (50 connections
 * on PGlite: about 200 ms) and a phone opening a new connection waited one such turn for each
 * connection ahead of it: seconds. In turns of about `turnMs`, the connections waiting are
 * accepted between pages, while cheap requests still start many to a turn (docs/decisions/0020).
 *
 * What never reaches the app (health, hashed files, the public cache's fresh hits) is answered
 * as it comes.
 */
export function startInTurns(app: RequestListener, turnMs = TURN_MS): RequestListener {
  const waiting: Parameters<RequestListener>[] = [];
  let scheduled = false;
  // what a start costs: the last batch's turn (the loop's other work included) shared among its starts
  let msPerStart = 0;
  let previous = { at: 0, started: 0 };
  const turn = () => {
    const now = performance.now();
    if (previous.started) msPerStart = (now - previous.at) / previous.started;
    const batch = waiting.splice(0, Math.max(1, Math.floor(turnMs / Math.max(msPerStart, 0.001))));
    previous = { at: now, started: batch.length };
    // the next turn measures this batch and starts the next (an immediate queued while immediates
    // run waits for the next turn; one pending keeps the loop from idling in between)
    scheduled = batch.length > 0;
    if (scheduled) setImmediate(turn);
    for (const [req, res] of batch) app(req, res);
  };
  return (req, res) => {
    waiting.push([req, res]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(turn);
    }
  };
}
