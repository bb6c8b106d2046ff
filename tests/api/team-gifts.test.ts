import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox } from "../../db/schema";
import { addDays, lagosNow, longDay } from "../../lib/lagos-calendar";
import { getSettings, updateSettings } from "../../modules/settings/service.server";
import { createStaffUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Gifts for teams": a company, a church or a school asks for its end-of-year gifts
// on /teamgifts; the request reaches the owner at once as a message of its own kind and waits in
// /messages under "Gifts for teams". The page works before its script runs.
let t: PagesContext;
let staff: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  staff = { id: (await createStaffUser(t.db, { firstName: "Chidi" })).id, role: "admin" };
});
// alerts of earlier tests an hour back: each test's alert goes out (at most three in 15 minutes)
beforeEach(() =>
  t.db
    .update(mailOutbox)
    .set({ createdAt: sql`${mailOutbox.createdAt} - interval '1 hour'` })
    .where(eq(mailOutbox.kind, "new_message_admin")),
);

const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
const ask = (fields: Record<string, string>, ip = "10.0.7.1") =>
  t.page("/teamgifts", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    ip,
  });
const today = () => lagosNow(new Date()).date;
const request = {
  name: "Tolu Bakare",
  company: "Lekki Dental Clinic",
  phone: "0803 555 0190",
  email: "",
  people: "40",
  budgetEach: "15000",
  neededBy: "",
  note: "Our logo on the card, please.",
};

describe("Ask for a quote on /teamgifts", () => {
  it("reaches the owner as a team-gifts message she can price from the alert alone, and thanks the buyer", async () => {
    const neededBy = addDays(today(), 12);
    const res = await ask({ ...request, neededBy });
    expect(res.status).toBe(200);
    expect(await drawn(res)).toContain(
      "Thank you, Tolu! We will send you gift ideas and a quote on WhatsApp at +234 803 555 0190 within one working day.",
    );
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.phone, "+2348035550190"));
    expect(row).toMatchObject({
      name: "Tolu Bakare",
      email: null,
      kind: "team_gifts",
      message: `Gifts for 40 people, about ₦15,000 a gift (₦600,000 in all), needed by ${longDay(neededBy)}.\nFor: Lekki Dental Clinic\nOur logo on the card, please.`,
    });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "new_message_admin"), eq(mailOutbox.subject, "Gifts for a team from Tolu Bakare")));
    expect(mail!.to).toBe((await getSettings(t.db)).contactEmail);
    expect(mail!.text).toContain("from the Gifts for teams page");
    expect(mail!.text).toContain("Gifts for 40 people, about ₦15,000 a gift");
    expect(mail!.text).toContain("Reply on WhatsApp: https://wa.me/2348035550190?text=");

    // the team finds it under its own chip, with its badge
    const listed = await t.request("/api/messages?kind=team_gifts&show=all", { as: staff });
    expect((await listed.json()).map((m: { name: string }) => m.name)).toEqual(["Tolu Bakare"]);
    const inbox = await drawn(await t.page("/messages?kind=team_gifts&show=all", { as: staff }));
    expect(inbox).toContain("Gifts for teams");
    expect(inbox).toContain("Gifts for a team</span>");
    expect(inbox).toContain("For: Lekki Dental Clinic");
    // the order itself, once agreed in the chat, starts from the message
    expect(inbox).toContain('href="/neworder?lookup=%2B2348035550190"');
  });

  it("takes an email alone and an open budget", async () => {
    const res = await ask({ ...request, phone: "", email: "hr@zenith-example.ng", budgetEach: "", company: "", note: "", people: "12" });
    expect(await drawn(res)).toContain("We will send you gift ideas and a quote at hr@zenith-example.ng");
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "hr@zenith-example.ng"));
    expect(row!.message).toBe("Gifts for 12 people, budget open.");
  });

  it("refuses what it cannot price, naming the field and keeping what was typed, and stores nothing", async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    for (const [change, field, message] of [
      [{ people: "" }, "people", "Number of people is required"],
      [{ people: "1" }, "people", "Number of people must be at least 2"],
      [{ people: "12.5" }, "people", "Number of people must be a whole number"],
      [{ budgetEach: "500" }, "budgetEach", "Budget a gift must be at least 1,000"],
      [{ neededBy: "2020-01-06" }, "neededBy", "Choose today or a later day"],
      [{ neededBy: "2026-02-31" }, "neededBy", "Use a real date"],
      [{ phone: "", email: "" }, "phone", "Leave your WhatsApp number or your email, so we can send you ideas and a quote"],
    ] as const) {
      const res = await ask({ ...request, ...change }, "10.0.7.2");
      expect([field, res.status]).toEqual([field, 400]);
      const html = await drawn(res);
      expect(html).toContain(message);
      expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Tolu Bakare"/);
      expect(html).toContain(">Our logo on the card, please.</textarea>");
    }
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });

  it("is linked from every storefront page's footer and listed in the sitemap; the WhatsApp link shows with the shop's number", async () => {
    const page = await drawn(await t.page("/teamgifts"));
    expect(page).toContain("Thank your people with a moment of calm");
    expect(page).not.toContain("Message us on WhatsApp");
    await updateSettings(t.db, { whatsappNumber: "0803 555 0100" });
    try {
      expect(await drawn(await t.page("/teamgifts"))).toMatch(
        /href="https:\/\/wa\.me\/2348035550100\?text=Hello[^"]*gifts%20for%20my%20team/,
      );
    } finally {
      await updateSettings(t.db, { whatsappNumber: "" });
    }
    expect(await drawn(await t.page("/contact"))).toContain('href="/teamgifts"');
    expect(await (await t.page("/sitemap.xml")).text()).toContain("/teamgifts</loc>");
  });
});
