import { Outlet, useRouteLoaderData } from "react-router";
import { SiteFooter } from "../../components/layout/site-footer";
import { SiteHeader } from "../../components/layout/site-header";
import { Toasts } from "../../components/toasts";
import { useCartBadge, useMergeGuestCartWhenSignedIn } from "../../lib/guest-cart";
import type { loader as rootLoader } from "../../root";

export default function ShopLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const cartCount = useCartBadge(!!root?.user, root?.cartCount ?? 0);
  useMergeGuestCartWhenSignedIn(!!root?.user);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-linen focus:p-2"
      >
        Skip to content
      </a>
      <SiteHeader user={root?.user ?? null} cartCount={cartCount} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
      <Toasts />
    </div>
  );
}
