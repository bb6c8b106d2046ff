// docs/product.md "Pick-up": an order ready to collect that nobody came for is reminded once, three
// days (or the owner's number of days) after it was marked ready, in Lagos daytime, by mail (and on WhatsApp when she asked); the
// owner sees when, on the order's page and among the pick-ups on /deliveries.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatNaira } from "../../lib/money";
import { mailOutbox, purchaseEvents, type purchases } from "../../db/schema";
import { remindUncollectedPickups } from "../../modules/orders/pickup-reminders.server";
import { orderNumber, type PurchaseStatus } from "../../modules/orders/statuses";
import { renderTemplate } from "../../modules/whatsapp/templates";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { saveSettingsForm } from "../support/settings-form";

let t: PagesContext;
let owner: { id: string; role: "admin" };
const ADDRESS = "12 Admiralty Way, Lekki Phase 1, Lagos (Monday to Saturday, 10 am to 6 pm)";
// 10:00 in Lagos (UTC+1), and 22:30 the same day
const MORNING = new Date("2031-03-10T09:00:00Z");
const NIGHT = new Date("2031-03-10T21:30:00Z");
const DAY = 24 * 3600_000;
/** /settings' "Remind after", 3 days unless the owner changes it */
const PICKUP_REMINDER_MS = 3 * DAY;

beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

/** An order whose last step was `status`, taken `ago` before MORNING. */
async function order(status: PurchaseStatus, ago: number, extra: Partial<typeof purchases.$inferInsert> = {}) {
  const shopper = await createUser(t.db, { email: `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`, firstName: "Ada" });
  const p = await createPurchase(t.db, shopper, [{ product: await createProduct(t.db, { title: "Calm Cards", stock: 5 }), quantity: 1 }], {
    deliveryMethod: "pickup",
    street: "",
    city: "",
    lga: null,
    address: ADDRESS,
    status,
    ...extra,
  });
  await t.db.insert(purchaseEvents).values({ purchaseId: p.id, status, createdAt: new Date(MORNING.getTime() - ago) });
  return p;
}
const remindersTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const remind = (now = MORNING) => remindUncollectedPickups(t.db, t.env, now);

describe("reminding a pick-up nobody came for", () => {
  it("reminds once, three days after it was ready, in the daytime; the owner sees when", async () => {
    // to be paid when she collects it, and her updates asked on WhatsApp
    const waiting = await order("shipped", PICKUP_REMINDER_MS + 3600_000, {
      paymentMethod: "pod",
      paidAt: null,
      whatsappOptIn: true,
      collectionCode: "0427",
    });
    const fresh = await order("shipped", 2 * DAY);
    const delivery = await order("shipped", 5 * DAY, { deliveryMethod: "standard", lga: "Ikeja", street: "1 Allen Avenue" });
    const collected = await order("delivered", 5 * DAY);
    const preparing = await order("processing", 5 * DAY);

    // never at night
    expect(await remind(NIGHT)).toBe(0);
    expect(await remindersTo(waiting.email)).toEqual([]);

    expect(await remind()).toBe(1);
    const [mail] = await remindersTo(waiting.email);
    expect(mail).toMatchObject({ kind: "pickup_reminder", subject: `Your order is waiting for you (order #${orderNumber(waiting.id)})` });
    expect(mail!.text).toContain(`Hello Ada,\n\nYour order #${orderNumber(waiting.id)} is ready and waiting for you at ${ADDRESS}.`);
    expect(mail!.text).toContain("Your collection code is 0427.");
    expect(mail!.text).toContain(`Please bring ${formatNaira(waiting.totalKobo)}: you pay when you collect it, by cash, transfer or POS.`);
    expect(renderTemplate(mail!.whatsapp!)).toContain(
      `order #${orderNumber(waiting.id)} is waiting for you at ${ADDRESS}; your collection code is 0427. Follow it here:`,
    );

    // once: the next minute's pass, or another server's, sends nothing more
    expect(await remind(new Date(MORNING.getTime() + 60_000))).toBe(0);
    expect(await remindersTo(waiting.email)).toHaveLength(1);
    // not ready long enough, a delivery, collected, or not ready yet: nothing
    for (const other of [fresh, delivery, collected, preparing]) expect(await remindersTo(other.email)).toEqual([]);
    // the fresh one's turn comes a day later, and a paid order asks for no money
    expect(await remind(new Date(MORNING.getTime() + DAY))).toBe(1);
    const [later] = await remindersTo(fresh.email);
    expect(later!.text).not.toContain("Please bring");
    expect(later!.whatsapp).toBeNull();

    // the owner reads when, on the order's page and on /deliveries
    const words = "Reminded to collect on 10 Mar, 10:00 am";
    const page = (await (await t.page(`/viewpurchase/${waiting.id}`, { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(page).toMatch(
      new RegExp(`data-testid="admin-pickup">Collects it at [^<]*<span[^>]*>Ask for her collection code</span><span[^>]*>${words}</span>`),
    );
    const sheet = (await (await t.page("/deliveries", { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(sheet).toMatch(new RegExp(`#${orderNumber(waiting.id)}</a>.*?${words}.*?</tr>`));
    expect((await (await t.page(`/api/purchases/${waiting.id}`, { as: owner })).json()).collectRemindedAt).toBe(MORNING.toISOString());
  });

  it("waits the days the owner sets in /settings; 0 sends none; a bad number is refused", async () => {
    const put = (body: unknown) =>
      t.page("/api/settings", { method: "PUT", as: owner, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    // a later morning of its own, so the other tests' orders are long reminded
    const at = new Date(MORNING.getTime() + 40 * DAY);
    const readyFor = async (ago: number) => {
      const p = await order("shipped", 0);
      await t.db
        .update(purchaseEvents)
        .set({ createdAt: new Date(at.getTime() - ago) })
        .where(eq(purchaseEvents.purchaseId, p.id));
      return p;
    };
    try {
      expect((await put({ pickupReminderDays: 1 })).status).toBe(200);
      const dayAndAHalf = await readyFor(DAY + 12 * 3600_000);
      const halfADay = await readyFor(12 * 3600_000);
      await remind(at);
      expect(await remindersTo(dayAndAHalf.email)).toHaveLength(1);
      expect(await remindersTo(halfADay.email)).toEqual([]);
      // the pick-ups on /deliveries say so
      const shelf = async () => (await (await t.page("/deliveries", { as: owner })).text()).replace(/<!-- -->/g, "");
      expect(await shelf()).toContain("she is told, and reminded once if it waits a day.");

      expect((await put({ pickupReminderDays: 0 })).status).toBe(200);
      const longAgo = await readyFor(10 * DAY);
      expect(await remind(at)).toBe(0);
      expect(await remindersTo(longAgo.email)).toEqual([]);
      expect(await shelf()).toMatch(/page; she is told\.<\/p>/);

      for (const [days, msg] of [
        [15, "Remind after must be at most 14 days"],
        [-1, "Remind after cannot be negative"],
        [1.5, "Remind after must be a whole number of days"],
      ] as const) {
        const res = await put({ pickupReminderDays: days });
        expect(res.status, String(days)).toBe(400);
        expect((await res.json()).fields).toEqual({ pickupReminderDays: msg });
      }
      // the /settings form without its script: drawn with the saved number, saved as typed
      const page = (await (await t.page("/settings", { as: owner })).text()).replace(/<!-- -->/g, "");
      expect(page).toMatch(/<input[^>]*name="pickupReminderDays"[^>]*value="0"/);
      expect((await saveSettingsForm(t, owner, { pickupReminderDays: "5" })).status).toBe(200);
      expect((await (await t.page("/api/settings", { as: owner })).json()).pickupReminderDays).toBe(5);
      // a form from before the field keeps it
      expect((await saveSettingsForm(t, owner, {})).status).toBe(200);
      expect((await (await t.page("/api/settings", { as: owner })).json()).pickupReminderDays).toBe(5);
    } finally {
      await put({ pickupReminderDays: 3 });
    }
  });

  it("two servers' passes at the same minute send one reminder", async () => {
    const due = await order("shipped", PICKUP_REMINDER_MS + DAY);
    const counts = await Promise.all([remind(new Date(MORNING.getTime() + 2 * DAY)), remind(new Date(MORNING.getTime() + 2 * DAY))]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindersTo(due.email)).toHaveLength(1);
  });
});
