import { HydrateInTurn } from "../../lib/hydrate-in-turn";
import { Outlet, useRouteLoaderData } from "react-router";
import type { ShopContact } from "../../components/contact/shop-contact";
import { NoticeBar } from "../../components/layout/notice-bar";
import { SiteFooter } from "../../components/layout/site-footer";
import { SiteHeader } from "../../components/layout/site-header";
import { useScripted } from "../../lib/scripted";
import { Toasts } from "../../components/toasts";
import { appContext } from "../../context";
import { useMergeGuestCartWhenSignedIn } from "../../lib/guest-cart";
import { publicOrigin } from "../../../lib/public-origin";
import { socialLinkKeys, type SocialNetwork } from "../../../modules/settings/contact-link-schemas";
import { getSettings } from "../../../modules/settings/service.server";
import { activeNotice, type ShopNotice } from "../../../modules/settings/shop-notice";
import { unshared } from "../../../lib/shared-reads.server";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/layout";

/** The shop's WhatsApp number and social links for the footer and the Ask/Share links (docs/product.md "WhatsApp and social links"). */
export async function loader({ context }: Route.LoaderArgs): Promise<{ contact: ShopContact | null; notice: ShopNotice | null }> {
  const { db, env, logger, shared = unshared } = context.get(appContext);
  try {
    // the same for every visitor: a signed-in page shares it (lib/shared-reads.server.ts)
    const s = await shared("settings", () => getSettings(db));
    const socials = (Object.entries(socialLinkKeys) as [SocialNetwork, (typeof socialLinkKeys)[SocialNetwork]][])
      .filter(([, key]) => s[key])
      .map(([network, key]) => ({ network, url: s[key] }));
    // absolute links only from configuration (lib/public-origin.ts), never the request's Host
    return {
      contact: { shopName: s.shopName, whatsappNumber: s.whatsappNumber, origin: publicOrigin(env), socials },
      // the owner's note, while its last day lasts (a cached page lives a second: README "Caches")
      notice: activeNotice(s, new Date()),
    };
  } catch (err) {
    // the page still shows without its contact links
    logger.error({ err }, "shop contact links failed");
    return { contact: null, notice: null };
  }
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  useMergeGuestCartWhenSignedIn(!!root?.user);
  const scripted = useScripted();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-linen focus:p-2"
      >
        Skip to content
      </a>
      {loaderData?.notice ? <NoticeBar notice={loaderData.notice} /> : null}
      <HydrateInTurn name="header">
        <SiteHeader user={root?.user ?? null} cartCount={root?.cartCount ?? 0} scripted={scripted} />
      </HydrateInTurn>
      <div className="flex-1">
        <HydrateInTurn name="page">
          <Outlet />
        </HydrateInTurn>
      </div>
      <HydrateInTurn name="footer">
        <SiteFooter socials={loaderData?.contact?.socials ?? []} />
      </HydrateInTurn>
      <Toasts />
    </div>
  );
}
