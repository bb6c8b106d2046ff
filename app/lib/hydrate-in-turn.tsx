import { Suspense } from "react";

type Turn = { promise: Promise<void>; done: boolean };

// the page's first hydration in the browser's Preact build (docs/decisions/0019); never on the server or in React
const splits = Boolean(import.meta.env.BROWSER_PREACT) && typeof document !== "undefined";
const turns = new Map<string, Turn>();
let last: Promise<void> = Promise.resolve();

/** The next turn: a task of its own, after the turns asked for before it. */
function turnOf(name: string): Turn {
  let turn = turns.get(name);
  if (!turn) {
    const made: Turn = { promise: Promise.resolve(), done: false };
    made.promise = last.then(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            made.done = true;
            resolve();
          }, 0),
        ),
    );
    last = made.promise;
    turns.set(name, made);
    turn = made;
  }
  return turn;
}

function Gate({ name, children }: { name: string; children: React.ReactNode }) {
  const turn = turnOf(name);
  if (!turn.done) throw turn.promise;
  return <>{children}</>;
}

/**
 * A part of the page (the routes under the root layout; the shop's header, page and footer) that
 * Preact hydrates in a task of its own on the page's first load: Preact hydrates in one piece, and
 * on a phone one piece is a long task that holds up a tap. It keeps the server's elements while
 * it waits. Everywhere else (the server, React, every later render) it is its children.
 */
export function HydrateInTurn({ name, children }: { name: string; children: React.ReactNode }) {
  // the same elements on every render, so nothing is drawn again once its turn is done
  if (!splits) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Gate name={name}>{children}</Gate>
    </Suspense>
  );
}
