// The back office's WhatsApp chat buttons to a shopper (docs/product.md "Unpaid checkouts", "Gift
// orders") are not offered for a number that replied STOP to the shop's WhatsApp (docs/product.md
// "WhatsApp order updates"), however the order spelled it; the card says to write or call instead.
import { beforeAll, describe, expect, it } from "vitest";
import { whatsappOptOuts } from "../../db/schema";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let owner: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const drawn = async (path: string) => (await (await t.page(path, { as: owner })).text()).replace(/<!-- -->/g, "");

describe("the team's WhatsApp chats with a shopper who replied STOP", () => {
  it("/unpaidcheckouts and its API offer no chat with her, and say so; another shopper's chat stays", async () => {
    const product = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0 });
    const unpaid = async (phone: string) => {
      const her = await createUser(t.db);
      await createPurchase(t.db, her, [{ product, quantity: 1 }], { status: "pending", paidAt: null, phone });
      return her;
    };
    // her order keeps the number as she typed it; the opt-out keeps it as WhatsApp gave it (+234…)
    const stopped = await unpaid("0803 222 4455");
    const open = await unpaid("0803 222 4466");
    await t.db.insert(whatsappOptOuts).values({ phone: "+2348032224455" });
    const hers = await drawn(`/unpaidcheckouts?q=${encodeURIComponent(stopped.email)}`);
    expect(hers).toContain('data-testid="unpaid-checkout"');
    expect(hers).not.toContain('data-testid="whatsapp-shopper"');
    expect(hers).toContain("She replied STOP to the shop&#x27;s WhatsApp: write to her by mail or call her.");
    const other = await drawn(`/unpaidcheckouts?q=${encodeURIComponent(open.email)}`);
    expect(other).toContain('data-testid="whatsapp-shopper"');
    expect(other).not.toContain("She replied STOP");
    // the API's rows say the same: no chat for her, a chat with the other's own number and her link
    const res = await t.page("/api/unpaid-checkouts", { as: owner });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { email: string; whatsappUrl: string | null; whatsappStopped: boolean; resumeUrl: string }[];
    expect(rows.find((r) => r.email === stopped.email)).toMatchObject({ whatsappUrl: null, whatsappStopped: true });
    const chat = rows.find((r) => r.email === open.email)!;
    expect(chat.whatsappStopped).toBe(false);
    expect(chat.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348032224466\?text=/);
    expect(decodeURIComponent(chat.whatsappUrl!.split("?text=")[1]!)).toContain(`You can complete it here: ${chat.resumeUrl}`);
  });
});
