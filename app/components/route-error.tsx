import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { InHead } from "../lib/route-head";

/** Error boundary for pages inside the shop layout: a real 404 page, or the spec's fallback text. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage msg={error.data?.msg} />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${typeof error.data === "string" ? error.data : (error.data?.msg ?? error.statusText ?? "")}`.trim()
    : "Something went wrong. Please try again.";
  return (
    <main className="container-page py-20 text-center">
      <InHead>
        <title>Unexpected Application Error! | Alafia Self-Care</title>
      </InHead>
      <h1 className="text-3xl text-rose">Unexpected Application Error!</h1>
      <p className="mt-4 text-muted">{detail}</p>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main id="main" className="container-page py-20 text-center">
      <InHead>
        <title>Page not found | Alafia Self-Care</title>
        <meta name="robots" content="noindex" />
      </InHead>
      <p className="font-display text-6xl text-rose">404</p>
      <h1 className="mt-4 text-3xl">We couldn't find that page</h1>
      <p className="mx-auto mt-3 max-w-md text-muted">
        It may have moved, or the link may be mistyped. Take a breath and try one of these instead.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
        <Link to="/products" className="btn-outline">
          Browse products
        </Link>
      </div>
    </main>
  );
}

/** A signed-in visitor on a page their role does not open (a customer on an admin screen). */
export function ForbiddenPage({ msg }: { msg?: string }) {
  return (
    <main id="main" className="container-page py-20 text-center">
      <InHead>
        <title>Access denied | Alafia Self-Care</title>
        <meta name="robots" content="noindex" />
      </InHead>
      <p className="font-display text-6xl text-rose">403</p>
      <h1 className="mt-4 text-3xl">You don't have access to this page</h1>
      <p className="mx-auto mt-3 max-w-md text-muted">{msg ?? "This page is for shop administrators only."}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
        <Link to="/profile" className="btn-outline">
          My profile
        </Link>
      </div>
    </main>
  );
}
