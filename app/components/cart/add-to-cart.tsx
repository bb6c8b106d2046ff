import { Minus, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "../toasts";
import { useFetcher, useNavigate, useRouteLoaderData } from "react-router";
import { hasEnough, isSoldOut, unitsLeftText } from "../../../modules/stock/availability";
import { useBusy, useOnAnswer, type FormResult } from "../../lib/forms";
import { addToGuestCart } from "../../lib/guest-cart";
import { useHydrated } from "../../lib/scripted";

// Contract for the product page (storefront issue); the cart/checkout issue owns the behaviour.
/** `stock` null: not tracked, any quantity can be had. */
export type AddToCartProduct = { id: string; title: string; stock: number | null };

type RootData = { user: { id: string } | null } | undefined;

/**
 * Quantity stepper (minimum 1) and 'Add To Cart' (docs/product.md §2, §4): signed in → the cart's
 * action (intent `add`, then /cart; it works before the script loads), otherwise the browser's guest
 * cart, then /cart. Asking for more than there is says so
 * ('Only 3 left') beside the stepper instead of quietly stopping. Out of stock, the button
 * keeps its label and is disabled (the stock state beside it says 'Out of stock').
 */
export function AddToCart({ product }: { product: AddToCartProduct }) {
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as RootData;
  const soldOut = isSoldOut(product.stock);
  const hydrated = useHydrated();

  // a refusal: above the shop's quantity limit or the stock, say so beside the stepper; anything else is docs/product.md §8's message
  useOnAnswer(fetcher.data, (answer) => {
    const reason = answer.fields?.quantity ? answer.msg : undefined;
    toast.error(answer.code === "invalid" && reason ? reason : "Failed to complete purchase");
    if (reason) setMessage(reason);
  });

  function more() {
    if (hasEnough(product.stock, quantity + 1)) {
      setQuantity(quantity + 1);
      setMessage(null);
    } else setMessage(unitsLeftText(product.stock ?? 0));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setMessage(null);
    if (root?.user) return;
    event.preventDefault();
    const added = addToGuestCart(product.id, quantity, product.stock ?? Infinity);
    if (!added.ok) {
      const left = product.stock ?? 0;
      setMessage(`${unitsLeftText(left)}.${added.inCart > 0 ? ` You already have ${added.inCart} in your cart.` : ""}`);
      return;
    }
    void navigate("/cart");
  }

  return (
    <fetcher.Form method="post" action="/cart" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <div className="flex flex-wrap items-center gap-3">
        {hydrated ? null : (
          // before the script runs (and without it) the quantity is a plain field the form posts, the size of the stepper that replaces it
          <input
            type="number"
            name="quantity"
            aria-label="Quantity"
            defaultValue={1}
            min={1}
            max={product.stock ?? undefined}
            inputMode="numeric"
            disabled={soldOut}
            className="h-[46px] w-[130px] rounded-full border border-line bg-linen text-center font-semibold"
          />
        )}
        {hydrated ? <input type="hidden" name="quantity" value={quantity} /> : null}
        <div
          className={hydrated ? "inline-flex items-center rounded-full border border-line bg-linen" : "hidden"}
          role="group"
          aria-label="Quantity"
        >
          <button
            type="button"
            className="h-11 w-11 rounded-full hover:bg-blush disabled:opacity-50"
            aria-label="Decrease quantity"
            disabled={quantity <= 1 || soldOut}
            onClick={() => {
              setQuantity((q) => Math.max(1, q - 1));
              setMessage(null);
            }}
          >
            <Minus size={16} className="mx-auto" aria-hidden="true" />
          </button>
          <output className="w-10 text-center font-semibold" aria-live="polite" data-testid="product-quantity">
            {quantity}
          </output>
          <button
            type="button"
            className="h-11 w-11 rounded-full hover:bg-blush disabled:opacity-50"
            aria-label="Increase quantity"
            disabled={soldOut}
            onClick={more}
          >
            <Plus size={16} className="mx-auto" aria-hidden="true" />
          </button>
        </div>
        <button type="submit" className="btn-primary min-w-40" disabled={soldOut || busy} aria-busy={busy}>
          Add To Cart
        </button>
      </div>
      <p className="mt-2 text-sm font-semibold text-rose-dark empty:mt-0" role="status" data-testid="quantity-message">
        {message}
      </p>
    </fetcher.Form>
  );
}
