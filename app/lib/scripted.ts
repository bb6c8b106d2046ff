import { useSyncExternalStore } from "react";
import { useMatches } from "react-router";

/**
 * What a route's `handle` may say about its page's script: `false`, none at all (useScripted);
 * "at-once", started as soon as it loads rather than after the first paint (startsAtOnce in
 * hydrate-after-paint.server.ts).
 */
export type ScriptsHandle = { scripts?: false | "at-once" };

/**
 * False on a page whose route says `handle = { scripts: false }`: it is sent as plain HTML with no
 * JavaScript at all (the public order tracking, docs/product.md "Tracking an order"). Its forms post
 * to the server, and the header's search and menu open by their links (site-header.tsx).
 */
export function useScripted(): boolean {
  return !useMatches().some((m) => (m.handle as ScriptsHandle | undefined)?.scripts === false);
}

const noChange = () => () => {};

/**
 * False on the server and while the page hydrates, true once React runs it. A page's script starts
 * after its first paint (app/lib/hydrate-after-paint.server.ts): what needs the script (a button
 * that opens a panel) is sent in a form that works without it, and becomes the button after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
