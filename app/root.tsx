import { Links, Meta, Outlet, Scripts, ScrollRestoration, UNSAFE_useScrollRestoration, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import { cartCount } from "../modules/cart/service.server";
import { appContext } from "./context";
import { useScripted } from "./lib/scripted";
import { InHead } from "./lib/route-head";
import { HydrateInTurn } from "./lib/hydrate-in-turn";
// the shop's stylesheet, rendered with a precedence: React puts it in the head before the
// scripts' modulepreloads, so a phone asks for it first (docs/decisions/0018)
import appCss from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, db } = context.get(appContext);
  // only what the header needs: never the whole user record; a guest's count is computed in the browser
  return {
    user: user ? { id: user.id, firstName: user.firstName, role: user.role } : null,
    cartCount: user ? await cartCount(db, user.id) : 0,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const scripted = useScripted();
  if (import.meta.env.BROWSER_PREACT) {
    // the browser's Preact hydrates the body (app/entry.client.tsx): the routes' tags are written into the head
    return (
      <>
        <HydrateInTurn name="layout">{children}</HydrateInTurn>
        <KeepsScroll />
        <InHead>
          <Meta />
          <Links />
        </InHead>
      </>
    );
  }
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf6f0" />
        <link rel="stylesheet" href={appCss} precedence="shop" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        {scripted ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * `<ScrollRestoration />` without its inline script, which has run by now: drawn again by Preact it
 * would be a second copy, without the page's nonce (docs/decisions/0019).
 */
function KeepsScroll() {
  UNSAFE_useScrollRestoration();
  return null;
}

export default function App() {
  return <Outlet />;
}

// The router's last resort (docs/product.md §8): 'Unexpected Application Error!' with the status or message.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || ""}`.trim()
    : error instanceof Error && import.meta.env.DEV
      ? error.message
      : "Something went wrong. Please try again.";
  return (
    <main className="container-page py-20 text-center">
      <InHead>
        <title>Unexpected Application Error! | Alafia Self-Care</title>
      </InHead>
      <h1 className="text-3xl text-rose">Unexpected Application Error!</h1>
      <p className="mt-4 text-muted">{detail}</p>
      <a href="/" className="btn-primary mt-8">
        Back to the shop
      </a>
    </main>
  );
}
