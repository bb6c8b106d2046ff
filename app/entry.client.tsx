import { startTransition, StrictMode, Suspense } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { clearRouteHead } from "./lib/route-head";

if (import.meta.env.BROWSER_PREACT) {
  // Preact hydrates the body only: the head is React's server output, which Preact cannot pair
  // with the components, so the routes' tags are written again by the client (docs/decisions/0019).
  // The modules' start-up and the hydration are two tasks, not one long one.
  setTimeout(() => {
    clearRouteHead(document.head);
    hydrateRoot(
      document.body,
      <Suspense fallback={null}>
        <HydratedRouter />
      </Suspense>,
    );
  }, 0);
} else {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
