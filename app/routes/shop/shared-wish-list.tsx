import { Gift } from "lucide-react";
import { data, Link } from "react-router";
import { WishItems } from "../../components/wish-list/wish-items";
import { appContext } from "../../context";
import { absoluteUrl, pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { sharePathOf } from "../../../modules/content/share-images.server";
import { sharedWishList, wishListPath } from "../../../modules/wish-lists/service.server";
import { boughtFromList } from "../../../modules/wish-lists/bought.server";
import { wishForCookie } from "../../../modules/wish-lists/shopping-for.server";
import { listGiftArea } from "../../../modules/wish-lists/list-address.server";
import type { Route } from "./+types/shared-wish-list";

/**
 * What a chat shows of the link (WhatsApp's preview reads these): her list's name, what is on it,
 * and the first product's picture. Never indexed.
 */
export const meta = ({ data }: Route.MetaArgs) =>
  data
    ? pageMeta({
        title: `${data.firstName}'s wish list`,
        description: listWords(
          data.firstName,
          data.items.map((p) => p.title),
        ),
        url: data.url,
        image: data.image ?? undefined,
        imageAlt: data.items[0]?.title,
        noindex: true,
      })
    : pageMeta({ title: "Wish list", description: "A wish list at Alafia Self-Care.", noindex: true });

/** "Calm Cards, Lavender Candle and 2 more: what Tolu would love from Alafia Self-Care." */
function listWords(firstName: string, titles: string[]) {
  const named = titles.slice(0, 2).join(", ");
  const more = titles.length - 2;
  const what = titles.length ? `${named}${more > 0 ? ` and ${more} more` : ""}: what` : "What";
  return `${what} ${firstName} would love from Alafia Self-Care.`;
}

/** docs/product.md "Wish lists": the list a shared link opens, for anyone holding it; a link that opens none is the 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env, user } = context.get(appContext);
  const list = await sharedWishList(db, params.token);
  if (!list) throw data(null, { status: 404 });
  const origin = publicOrigin(env);
  const first = list.items[0];
  const image = first ? absoluteUrl(origin, sharePathOf("products", first)) : null;
  const mine = user?.id === list.ownerId;
  // what friends bought from it ("Bought from her list"): never shown to her, the surprise stays
  const [bought, sendsToHer] = mine
    ? [{}, false]
    : await Promise.all([boughtFromList(db, list.ownerId), listGiftArea(db, params.token, user?.id ?? null).then(Boolean)]);
  const page = {
    firstName: list.firstName,
    // what is still to give first (a stable sort: latest saved first within each)
    items: list.items.toSorted((a, b) => Number(!!bought[a.id]) - Number(!!bought[b.id])),
    mine,
    bought,
    // she keeps an address for gifts ("Send it to her"): friends are told they can send to it, never where it is
    sendsToHer,
    url: `${origin}${wishListPath(params.token)}`,
    image,
  };
  // a friend's checkout offers to mark what she buys from this list (her own browser: nothing to mark)
  return mine ? page : data(page, { headers: { "Set-Cookie": wishForCookie(env, params.token) } });
}

// her first name is on it: never kept by a shared cache, nor by the browser after the visit
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
}

export default function SharedWishList({ loaderData }: Route.ComponentProps) {
  const { firstName, items, mine, bought, sendsToHer } = loaderData;
  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">{firstName}'s wish list</h1>
      {mine ? (
        <p className="mt-2 text-muted">
          This is your list as others see it.{" "}
          <Link to="/wishlist" className="font-semibold text-rose-dark underline">
            Back to my wish list
          </Link>
        </p>
      ) : (
        <p className="mt-3 flex max-w-2xl gap-3 rounded-2xl border border-line bg-sage-soft p-4">
          <Gift size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-rose" />
          <span data-testid="shared-list-intro">
            {sendsToHer ? (
              <>
                Buying {firstName} a gift? Add it to your cart, and at checkout choose “Send it to {firstName}”: we deliver it to the
                address she gave us, with your message, and you never see it.
              </>
            ) : (
              <>
                Buying {firstName} a gift? Add it to your cart, and at checkout choose “This is a gift”: we deliver it to {firstName} with
                your message.
              </>
            )}{" "}
            What you buy is marked bought here, so no one gives her the same thing twice; {firstName} does not see the marks.
          </span>
        </p>
      )}
      {items.length ? (
        <WishItems items={items} mine={false} bought={bought} />
      ) : (
        <p className="mt-8">{firstName} has not saved anything yet.</p>
      )}
      <Link to="/products" className="btn-outline mt-8">
        Browse the shop
      </Link>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
