import { createPortal } from "react-dom";

// what the server's head holds that no route writes: kept when the client takes the head over
const LAYOUT_TAGS = 'meta[charset], meta[name="viewport"], meta[name="theme-color"], link[rel="stylesheet"][data-precedence]';

/**
 * Takes the routes' tags (title, metadata, canonical and icon links) out of the server's head,
 * before the browser's renderer writes them again: the shop's stylesheet, the viewport and the
 * preloads stay.
 */
export function clearRouteHead(head: HTMLHeadElement) {
  for (const element of Array.from(head.children)) {
    const tag = element.tagName;
    if (element.matches(LAYOUT_TAGS)) continue;
    if (tag === "TITLE" || tag === "META" || (tag === "LINK" && !/\b(preload|modulepreload)\b/.test(element.getAttribute("rel") ?? ""))) {
      element.remove();
    }
  }
}

/**
 * Tags for the page's head rendered from inside the page (an error page's title). On the server
 * React hoists them into the head; in the browser they are written there.
 */
export function InHead({ children }: { children: React.ReactNode }) {
  if (import.meta.env.BROWSER_PREACT && typeof document !== "undefined") return createPortal(children, document.head);
  return <>{children}</>;
}
