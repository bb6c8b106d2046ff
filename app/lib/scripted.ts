import { useSyncExternalStore } from "react";
import { useMatches } from "react-router";

/**
 * False on a page whose route says `handle = { scripts: false }`: it is sent as plain HTML with no
 * JavaScript at all (the public order tracking, docs/product.md "Tracking an order"). Its forms post
 * to the server, and the header's search and menu open by their links (site-header.tsx).
 */
export function useScripted(): boolean {
  return !useMatches().some((m) => (m.handle as { scripts?: boolean } | undefined)?.scripts === false);
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
