import { Heart, Minus, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import type { CartItemView } from "../../../modules/cart/types";
import { hasEnough, unitsLeftText } from "../../../modules/stock/availability";
import { preorderWords } from "../../../modules/stock/preorder";
import { useBusy, useOnAnswer, type FormResult } from "../../lib/forms";
import { toast } from "../toasts";
import { displayAmount, type Currency } from "./order-summary";
import { unitPrice } from "../../../modules/pricing/price-order";

type Props = {
  item: CartItemView;
  currency: Currency;
  usdRate: number;
  /** a guest's line lives in her browser: the steppers and delete change it there instead of posting */
  guest?: { setQuantity: (quantity: number) => void; remove: () => void };
};

/** What the line says when it holds more than there is (the stock fell since it was added). */
function shortfall(item: CartItemView): string | null {
  if (hasEnough(item.stock, item.quantity)) return null;
  const left = item.stock ?? 0;
  return left > 0 ? `${unitsLeftText(left)}. Please lower the quantity.` : "Sold out. Please remove it from your cart.";
}

/**
 * One cart row: image, title, unit price, stepper (1 … the shop's quantity limit) and delete.
 * Asking for more than there is says 'Only N left' under the stepper (the quantity stays), as
 * does a line the stock fell under. A signed-in shopper's buttons post to the cart's action
 * (app/routes/shop/cart-action.server.ts), so they work before the script loads; so do a guest's
 * (the action changes her cart's cookie), which once it runs change her browser's cart instead.
 */
export function CartLine({ item, currency, usdRate, guest }: Props) {
  const unit = unitPrice(item);
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  const [asked, setAsked] = useState<string | null>(null);
  const message = shortfall(item) ?? asked;
  useOnAnswer(fetcher.data, (answer) => {
    if (answer.ok) {
      // "Save for later" says where the line went
      if (answer.msg) toast.success(answer.msg);
      return setAsked(null);
    }
    toast.error(answer.msg ?? "Something went wrong. Please try again.");
    setAsked(answer.fields?.quantity ?? null);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const quantity = button?.name === "quantity" ? Number(button.value) : null;
    if (quantity !== null && quantity > item.quantity && !hasEnough(item.stock, quantity)) {
      event.preventDefault();
      setAsked(unitsLeftText(item.stock ?? 0));
      return;
    }
    if (!guest) return;
    event.preventDefault();
    setAsked(null);
    if (quantity === null) guest.remove();
    else guest.setQuantity(Math.min(quantity, item.maxQuantity));
  }
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
      {/* the title below is the same link, for keyboards and screen readers */}
      <Link to={`/productdetails/${item.productId}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" width={80} height={80} className="h-20 w-20 rounded-xl bg-sand object-cover" />
        ) : (
          <span className="block h-20 w-20 rounded-xl bg-sand" aria-hidden="true" />
        )}
      </Link>
      <fetcher.Form method="post" action="/cart" onSubmit={onSubmit} className="min-w-0 flex-1">
        <input type="hidden" name="lineId" value={item.id} />
        <div className="flex items-start justify-between gap-2">
          <Link to={`/productdetails/${item.productId}`} className="font-semibold hover:text-rose">
            {item.title}
          </Link>
          <button
            type="submit"
            name="intent"
            value="remove"
            className="-mr-2 -mt-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-blush hover:text-rose"
            aria-label={`Remove ${item.title}`}
            disabled={busy}
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </div>
        <p className="text-sm text-muted">
          {displayAmount(unit, currency, usdRate)}
          {item.discount > 0 ? <s className="ml-2">{displayAmount(item.price, currency, usdRate)}</s> : null}
          {item.size || item.color ? ` · ${[item.size, item.color].filter(Boolean).join(", ")}` : ""}
        </p>
        {item.shipsFrom ? (
          <p className="text-sm font-semibold text-sage" data-testid="line-pre-order">
            {preorderWords(item.shipsFrom)}
          </p>
        ) : null}
        <div className="mt-2 flex items-center justify-between gap-2">
          <div
            className="inline-flex items-center rounded-full border border-line bg-linen"
            role="group"
            aria-label={`Quantity of ${item.title}`}
          >
            <button
              type="submit"
              name="quantity"
              // a line above the stock comes down to what is left in one step
              value={hasEnough(item.stock, item.quantity) ? item.quantity - 1 : Math.max(1, item.stock ?? 1)}
              className="h-10 w-10 rounded-full hover:bg-blush disabled:opacity-40"
              aria-label="Decrease quantity"
              disabled={busy || item.quantity <= 1}
            >
              <Minus size={14} className="mx-auto" aria-hidden="true" />
            </button>
            <output className="w-8 text-center font-semibold" data-testid="line-quantity">
              {item.quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={item.quantity + 1}
              className="h-10 w-10 rounded-full hover:bg-blush disabled:opacity-40"
              aria-label="Increase quantity"
              // at the shop's quantity limit the button stops; short of stock it answers 'Only N left'
              disabled={busy || (item.quantity >= item.maxQuantity && hasEnough(item.stock, item.quantity + 1))}
            >
              <Plus size={14} className="mx-auto" aria-hidden="true" />
            </button>
          </div>
          <p className="font-bold" data-testid="line-total">
            {displayAmount(item.totalPrice, currency, usdRate)}
          </p>
        </div>
        <p className="mt-1 text-sm font-semibold text-rose-dark empty:mt-0" role="status" data-testid="line-message">
          {message}
        </p>
        {guest ? null : (
          // docs/product.md "Wish lists": off to her wish list, out of the cart
          <button
            type="submit"
            name="intent"
            value="later"
            className="-ml-1 inline-flex min-h-11 items-center gap-1.5 px-1 text-sm font-semibold text-rose-dark underline"
            aria-label={`Save ${item.title} for later`}
            disabled={busy}
          >
            <Heart size={14} aria-hidden="true" /> Save for later
          </button>
        )}
      </fetcher.Form>
    </li>
  );
}
