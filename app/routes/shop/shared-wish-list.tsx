import { Gift } from "lucide-react";
import { data, Link } from "react-router";
import { WishItems } from "../../components/wish-list/wish-items";
import { appContext } from "../../context";
import { sharedWishList } from "../../../modules/wish-lists/service.server";
import type { Route } from "./+types/shared-wish-list";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data ? `${data.firstName}'s wish list` : "Wish list"} | Alafia Self-Care` },
  { name: "robots", content: "noindex" },
];

/** docs/product.md "Wish lists": the list a shared link opens, for anyone holding it; a link that opens none is the 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, user } = context.get(appContext);
  const list = await sharedWishList(db, params.token);
  if (!list) throw data(null, { status: 404 });
  return { firstName: list.firstName, items: list.items, mine: user?.id === list.ownerId };
}

// her first name is on it: never kept by a shared cache, nor by the browser after the visit
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function SharedWishList({ loaderData }: Route.ComponentProps) {
  const { firstName, items, mine } = loaderData;
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
          <span>
            Buying {firstName} a gift? Add it to your cart, and at checkout choose “This is a gift”: we deliver it to {firstName} with your
            message.
          </span>
        </p>
      )}
      {items.length ? <WishItems items={items} mine={false} /> : <p className="mt-8">{firstName} has not saved anything yet.</p>}
      <Link to="/products" className="btn-outline mt-8">
        Browse the shop
      </Link>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
