import type { PagesContext } from "./pages-app";

/**
 * /settings posted as the browser does without its script: the saved values of the fields every
 * form sends, with `change` over them (a field left out is one a form from before it would not send).
 */
export async function saveSettingsForm(
  t: PagesContext,
  owner: { id: string; role: "customer" | "admin" | "staff" },
  change: Record<string, string>,
) {
  const s = (await (await t.request("/api/settings", { as: owner })).json()) as Record<string, unknown>;
  const form = new URLSearchParams({
    shopName: String(s.shopName),
    contactEmail: String(s.contactEmail),
    contactPhone: String(s.contactPhone),
    contactAddress: String(s.contactAddress),
    vatRate: String(Number(s.vatRate) * 100),
    usdRate: String(s.usdRate),
    standardDeliveryFee: String(s.standardDeliveryFee),
    expressSurcharge: String(s.expressSurcharge),
    freeDeliveryAbove: String(s.freeDeliveryAbove),
    lowStockThreshold: String(s.lowStockThreshold),
    maxLineQuantity: String(s.maxLineQuantity),
    ...change,
  });
  return t.page("/settings", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    as: { id: owner.id, role: "admin" },
  });
}
