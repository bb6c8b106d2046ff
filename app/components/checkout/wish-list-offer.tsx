import { Heart, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { ListOffer } from "../../../modules/wish-lists/bought.server";

/** "Send it to her": the address on her list, chosen (`chosen`) or offered, and the page's addresses for each. */
export type ListSending = { chosen: boolean; sendHref: string; typeHref: string };

/**
 * docs/product.md "Wish lists", "Bought from her list": a friend who came from a shared list and
 * has something of it in her cart marks it bought there (ticked for her), so no one gives the same
 * present twice; when the list keeps an address, she may send the gift there without seeing it.
 */
export function WishListOffer({ offer, sending }: { offer: ListOffer; sending: ListSending | null }) {
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
      {sending ? <SendToHer firstName={firstName} token={offer.token} sending={sending} /> : null}
    </section>
  );
}

/** The address on her list: offered, or chosen (then the form posts the list's link and no address). */
function SendToHer({ firstName, token, sending }: { firstName: string; token: string; sending: ListSending }) {
  if (!sending.chosen)
    return (
      <div className="mt-3 border-t border-line pt-3 text-sm" data-testid="send-to-list">
        <p>{firstName} has told us where to deliver gifts. Send it straight to her: you never see her address.</p>
        <Link to={sending.sendHref} replace preventScrollReset className="btn-outline mt-2 !min-h-11 !px-4 !py-1.5 text-sm">
          <MapPin size={16} aria-hidden="true" /> Send it to {firstName}
        </Link>
      </div>
    );
  return (
    <div className="mt-3 border-t border-line pt-3 text-sm" data-testid="send-to-list">
      <input type="hidden" name="deliverToList" value={token} />
      <p>
        <strong>Going to {firstName}'s address.</strong> We deliver to the address she gave us and the rider calls her; you never see it.
      </p>
      <Link
        to={sending.typeHref}
        replace
        preventScrollReset
        className="mt-1 inline-flex min-h-11 items-center font-semibold text-rose-dark underline"
      >
        Type another address
      </Link>
    </div>
  );
}
