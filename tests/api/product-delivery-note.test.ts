import { beforeAll, describe, expect, it } from "vitest";
import { deliveryRates } from "../../db/schema";
import { updateSettings } from "../../modules/settings/service.server";
import { createDeliveryRate, createProduct } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Free delivery": before she picks her area, the product page says what delivery
// costs at least, and from what amount it is free; the cart and the checkout price her own area.
let t: PagesContext;
beforeAll(async () => {
  // each read sees the writes made straight to the database here (no page cache between them)
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
});

const note = async (productId: string) => {
  const html = (await (await t.page(`/productdetails/${productId}`)).text()).replace(/<!-- -->/g, "");
  return /data-testid="delivery-note">([^<]*)</.exec(html)?.[1];
};

describe("the product page's delivery line", () => {
  it("says the cheapest area's charge, the settings' fee before any rate exists, and when delivery is free", async () => {
    const product = await createProduct(t.db);
    // a new shop: its fallback areas cost the settings' standard fee (₦2,000)
    expect(await note(product.id)).toBe(
      "Delivered across Lagos from ₦2,000: Express in 1–2 days, Standard in 3–5 days. Easy returns within 7 days, see our ",
    );
    await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 250_000 });
    await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
    await updateSettings(t.db, { freeDeliveryAboveKobo: 5_000_000 });
    expect(await note(product.id)).toBe(
      "Delivered across Lagos from ₦1,500: Express in 1–2 days, Standard in 3–5 days. Free delivery once your order reaches ₦50,000. Easy returns within 7 days, see our ",
    );
    // with the shop's pick-up address: collecting it is free
    await updateSettings(t.db, { pickupAddress: "12 Admiralty Way, Lekki Phase 1, Lagos" });
    expect(await note(product.id)).toBe(
      "Delivered across Lagos from ₦1,500: Express in 1–2 days, Standard in 3–5 days. Or collect it free at 12 Admiralty Way, Lekki Phase 1, Lagos. Free delivery once your order reaches ₦50,000. Easy returns within 7 days, see our ",
    );
    await updateSettings(t.db, { pickupAddress: "" });
    // an area delivered free: no "from ₦0"
    await createDeliveryRate(t.db, { lga: "Lekki Phase 1", chargeKobo: 0 });
    expect(await note(product.id)).toMatch(/^Delivered across Lagos, free to some areas: Express in 1–2 days/);
    await t.db.delete(deliveryRates);
    await updateSettings(t.db, { freeDeliveryAboveKobo: 0 });
  });
});
