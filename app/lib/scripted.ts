import { useMatches } from "react-router";

/**
 * False on a page whose route says `handle = { scripts: false }`: it is sent as plain HTML with no
 * JavaScript at all (the public order tracking, docs/product.md "Tracking an order"). Its forms post
 * to the server, and the header's search and menu open by their links (site-header.tsx).
 */
export function useScripted(): boolean {
  return !useMatches().some((m) => (m.handle as { scripts?: boolean } | undefined)?.scripts === false);
}
