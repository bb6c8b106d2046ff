import { pickupStep } from "../../../modules/orders/pickup";

// docs/product.md §2: completed green, pending yellow, everything else grey (AA contrast on each)
const styles: Record<string, string> = {
  completed: "bg-sage-soft text-sage border-sage/40",
  pending: "bg-amber-100 text-amber-900 border-amber-300",
};

/** The order's status; a pick-up's 'shipped' and 'delivered' read as its own steps (docs/product.md "Pick-up"). */
export function StatusBadge({ status, deliveryMethod }: { status: string; deliveryMethod?: string }) {
  const collect = deliveryMethod ? pickupStep({ deliveryMethod }, status)?.label : undefined;
  return (
    <span
      className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-bold ${collect ? "" : "capitalize"} ${styles[status] ?? "border-gray-300 bg-gray-100 text-gray-700"}`}
    >
      {collect ?? status}
    </span>
  );
}
