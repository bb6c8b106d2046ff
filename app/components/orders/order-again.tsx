import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * 'Order again' (docs/product.md "My orders"): an earlier order's products back in the cart at
 * today's prices. A plain form to the cart's action, so it works before the page's script runs; the
 * cart says what came back and what did not. On the order's own page a guest holds its link, which
 * goes with the form (`token`); from her list, her account is enough.
 */
export function OrderAgainForm({
  orderId,
  token,
  className,
  children,
}: {
  orderId: string;
  token?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/cart" className={className}>
      <input type="hidden" name="intent" value="again" />
      <input type="hidden" name="purchaseId" value={orderId} />
      {token ? <input type="hidden" name="t" value={token} /> : null}
      {children}
    </Form>
  );
}
