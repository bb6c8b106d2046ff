import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "../toasts";
import { useNavigate, useRouteLoaderData } from "react-router";
import { postJson } from "../../lib/api-client";
import { addToGuestCart } from "../../lib/guest-cart";

// Contract for the product page (storefront issue); the cart/checkout issue owns the behaviour.
export type AddToCartProduct = { id: string; title: string; stock: number };

type RootData = { user: { id: string } | null } | undefined;

/**
 * Quantity stepper (minimum 1, at most the stock) and 'Add To Cart' (spec §2, §4):
 * signed in → the server cart, otherwise the browser's guest cart; then /cart. Out of stock,
 * the button keeps its label and is disabled (the stock state beside it says 'Out of stock').
 */
export function AddToCart({ product }: { product: AddToCartProduct }) {
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as RootData;
  const soldOut = product.stock <= 0;

  async function add() {
    setBusy(true);
    try {
      if (root?.user) {
        const res = await postJson("/api/cart/create", { productId: product.id, quantity });
        if (!res.ok) {
          // above the shop's quantity limit: say so; anything else is spec §8's message
          toast.error(res.status === 400 && res.error.fields?.quantity ? res.error.msg : "Failed to complete purchase");
          return;
        }
      } else {
        addToGuestCart(product.id, quantity, product.stock);
      }
      await navigate("/cart");
    } catch {
      toast.error("Failed to complete purchase");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="inline-flex items-center rounded-full border border-line bg-linen" role="group" aria-label="Quantity">
        <button
          type="button"
          className="h-11 w-11 rounded-full hover:bg-blush disabled:opacity-50"
          aria-label="Decrease quantity"
          disabled={quantity <= 1 || soldOut}
          onClick={() => setQuantity((q) => Math.max(1, q - 1))}
        >
          <Minus size={16} className="mx-auto" aria-hidden="true" />
        </button>
        <output className="w-10 text-center font-semibold" aria-live="polite">
          {quantity}
        </output>
        <button
          type="button"
          className="h-11 w-11 rounded-full hover:bg-blush disabled:opacity-50"
          aria-label="Increase quantity"
          disabled={quantity >= product.stock || soldOut}
          onClick={() => setQuantity((q) => Math.min(product.stock, q + 1))}
        >
          <Plus size={16} className="mx-auto" aria-hidden="true" />
        </button>
      </div>
      <button type="button" className="btn-primary min-w-40" disabled={soldOut || busy} aria-busy={busy} onClick={() => void add()}>
        Add To Cart
      </button>
    </div>
  );
}
