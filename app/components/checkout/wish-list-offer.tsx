import { Heart } from "lucide-react";
import type { ListOffer } from "../../../modules/wish-lists/bought.server";

/**
 * docs/product.md "Wish lists", "Bought from her list": a friend who came from a shared list and
 * has something of it in her cart marks it bought there (ticked for her), so no one gives the same
 * present twice.
 */
export function WishListOffer({ offer }: { offer: ListOffer }) {
  const { firstName, onList } = offer;
  const what = onList === 1 ? "the product from it in your cart" : `the ${onList} products from it in your cart`;
  return (
    <section
      aria-labelledby="wish-offer-title"
      className="rounded-2xl border border-line bg-sage-soft p-4 sm:p-5"
      data-testid="wish-list-offer"
    >
      <h2 id="wish-offer-title" className="flex items-center gap-2 text-base font-bold">
        <Heart size={20} aria-hidden="true" className="text-rose" /> From {firstName}'s wish list
      </h2>
      <label className="mt-2 flex items-start gap-3 text-sm">
        <input type="checkbox" name="forWishList" value={offer.token} defaultChecked className="mt-0.5 h-5 w-5 shrink-0 accent-rose" />
        <span>
          <strong>Mark {what} as bought</strong> on {firstName}'s list, so no one gives her the same thing twice. {firstName} does not see
          the marks.
        </span>
      </label>
    </section>
  );
}
