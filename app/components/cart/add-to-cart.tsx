import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "../toasts";
import { useNavigate, useRouteLoaderData } from "react-router";
import { hasEnough, isSoldOut, unitsLeftText } from "../../../modules/stock/availability";
import { postJson } from "../../lib/api-client";
import { addToGuestCart } from "../../lib/guest-cart";

// Contract for the product page (storefront issue); the cart/checkout issue owns the behaviour.
/** `stock` null: not tracked, any quantity can be had. */
export type AddToCartProduct = { id: string; title: string; stock: number | null };

type RootData = { user: { id: string } | null } | undefined;

/**
 * Quantity stepper (minimum 1) and 'Add To Cart' (docs/product.md §2, §4): signed in → the server cart,
 * otherwise the browser's guest cart; then /cart. Asking for more than there is says so
 * ('Only 3 left') beside the stepper instead of quietly stopping. Out of stock, the button
 * keeps its label and is disabled (the stock state beside it says 'Out of stock').
 */
export function AddToCart({ product }: { product: AddToCartProduct }) {
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as RootData;
  const soldOut = isSoldOut(product.stock);

  function more() {
    if (hasEnough(product.stock, quantity + 1)) {
      setQuantity(quantity + 1);
      setMessage(null);
    } else setMessage(unitsLeftText(product.stock ?? 0));
  }

  async function add() {
    setBusy(true);
    setMessage(null);
    try {
      if (root?.user) {
        const res = await postJson("/api/cart/create", { productId: product.id, quantity });
        if (!res.ok) {
          // above the shop's quantity limit: say so; anything else is docs/product.md §8's message
          toast.error(res.status === 400 && res.error.fields?.quantity ? res.error.msg : "Failed to complete purchase");
          // the server's reason beside the stepper, e.g. 'Only 3 left of … You already have 2 in your cart.'
          if (res.error.fields?.quantity) setMessage(res.error.msg);
          return;
        }
      } else {
        const added = addToGuestCart(product.id, quantity, product.stock ?? Infinity);
        if (!added.ok) {
          const left = product.stock ?? 0;
          setMessage(`${unitsLeftText(left)}.${added.inCart > 0 ? ` You already have ${added.inCart} in your cart.` : ""}`);
          return;
        }
      }
      await navigate("/cart");
    } catch {
      toast.error("Failed to complete purchase");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="inline-flex items-center rounded-full border border-line bg-linen" role="group" aria-label="Quantity">
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
        <button type="button" className="btn-primary min-w-40" disabled={soldOut || busy} aria-busy={busy} onClick={() => void add()}>
          Add To Cart
        </button>
      </div>
      <p className="mt-2 text-sm font-semibold text-rose-dark empty:mt-0" role="status" data-testid="quantity-message">
        {message}
      </p>
    </div>
  );
}
