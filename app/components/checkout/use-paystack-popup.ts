import { useEffect, useRef } from "react";
import { loadPaystackScript, openPaystackPopup } from "../../lib/paystack-popup";

export type PopupPayment = { accessCode: string; reference: string; orderUrl: string; token: string };

const messages = {
  cancelled: "Payment cancelled. Your cart is still here: you can try again when you are ready.",
  failed: "The payment did not go through and no money was taken. Your cart is still here: please try again.",
};

/** PAYSTACK_MODE=popup: the action answers with the payment to open in Paystack's window on this page. */
export function usePaystackPopup(popup: PopupPayment | undefined, setError: (msg: string | null) => void) {
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!popup || opened.current === popup.reference) return;
    opened.current = popup.reference;
    void (async () => {
      try {
        await loadPaystackScript();
        const outcome = await openPaystackPopup(popup.accessCode).catch(() => "error" as const);
        // paid: the order's page empties a guest's cart (the checkout marked this order as hers)
        if (outcome === "success") return window.location.assign(popup.orderUrl);
        // closed or failed without paying: cancel now (the stock goes back, the cart stays)
        const res = await fetch("/api/purchases/cancel", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ reference: popup.reference, t: popup.token }),
        });
        const body = (await res.json().catch(() => null)) as { purchase?: { status: string } } | null;
        if (body?.purchase?.status === "completed") return window.location.assign(popup.orderUrl);
        setError(messages[outcome === "cancel" ? "cancelled" : "failed"]);
      } catch (e) {
        setError(e instanceof Error ? e.message : "Something went wrong. Please try again.");
      }
    })();
  }, [popup, setError]);
}
