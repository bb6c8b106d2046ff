import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox, newsletterSubscribers } from "../../db/schema";
import { publicOrigin } from "../../lib/public-origin";
import { getSettings } from "../../modules/settings/service.server";
import { createAdminUser, createContactMessage, createStaffUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Messages": what shoppers write from /contact and the coaching page reaches the
// owner at once and waits in /messages, with a WhatsApp and a mail reply, until someone of the team
// marks it read.
let t: PagesContext;
let owner: { id: string; role: "admin" };
let staff: { id: string; role: "admin" };
let origin: string;
beforeAll(async () => {
  t = await createPagesContext();
  origin = publicOrigin(t.env);
  owner = { id: (await createAdminUser(t.db, { firstName: "Funke" })).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db, { firstName: "Chidi" })).id, role: "admin" };
});

const alerts = async (kind = "new_message_admin") =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.to, (await getSettings(t.db)).contactEmail)));
/** Alerts queued by earlier tests, moved an hour back: each test starts with none in the last 15 minutes. */
const ageAlerts = (ms = 60 * 60_000) =>
  t.db
    .update(mailOutbox)
    .set({ createdAt: sql`${mailOutbox.createdAt} - ${`${ms} milliseconds`}::interval` })
    .where(eq(mailOutbox.kind, "new_message_admin"));
beforeEach(() => ageAlerts());
const contact = (json: Record<string, unknown>, ip = "10.0.0.1") => t.request("/api/contact", { method: "POST", json, ip });
const list = (query: string, as = staff) => t.request(`/api/messages${query}`, { as });
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
/** a page's markup as drawn, without its scripts (the loader's data is in the hydration data too) */
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");

describe("a message from /contact", () => {
  it("is kept with her WhatsApp number and reaches the owner at once, with both ways to answer", async () => {
    const res = await contact({
      name: "Adaeze Obi",
      email: "adaeze@example.ng",
      phone: "0803 555 0142",
      message: "Do you gift-wrap the calm box?\nIt is for my sister's birthday on Friday.",
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "adaeze@example.ng"));
    expect(row).toMatchObject({ phone: "+2348035550142", kind: "message", readAt: null, readBy: null });

    const [mail, ...more] = await alerts();
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("New message from Adaeze Obi");
    expect(mail!.text).toContain(
      "Adaeze Obi wrote to Alafia Self-Care from the contact page:\n\nDo you gift-wrap the calm box?\nIt is for",
    );
    expect(mail!.text).toContain("Reply by mail: adaeze@example.ng\n");
    expect(mail!.text).toContain(
      `Reply on WhatsApp: https://wa.me/2348035550142?text=${encodeURIComponent("Hello Adaeze, this is Alafia Self-Care. Thank you for your message. ")}\n`,
    );
    expect(mail!.text).toContain(`All messages: ${origin}/messages`);
  });

  it("takes no number, or refuses one that is not Nigerian and keeps nothing", async () => {
    expect((await contact({ name: "Kemi", email: "kemi@example.ng", phone: "", message: "Hello" }, "10.0.0.2")).status).toBe(201);
    const [kemi] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "kemi@example.ng"));
    expect(kemi!.phone).toBeNull();
    const refused = await contact({ name: "Tola", email: "tola@example.ng", phone: "12345", message: "Hello" }, "10.0.0.3");
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ phone: "Enter a Nigerian phone number, like 0803 555 0142" });
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, "tola@example.ng"))).toEqual([]);
  });
});

describe("the owner's alerts in a busy hour", () => {
  it("are at most three in 15 minutes, the next one saying how many others wait unread", async () => {
    await t.db.update(contactMessages).set({ readAt: new Date() });
    const before = (await alerts()).length;
    for (const [i, name] of ["Bolu", "Sade", "Kunle", "Femi", "Tobi"].entries()) {
      expect((await contact({ name, email: `${name.toLowerCase()}@example.ng`, message: "Hello" }, `10.0.2.${i}`)).status).toBe(201);
    }
    // three pings, the third saying the next ones wait; the last two wait in the inbox
    const burst = (await alerts()).slice(before);
    expect(burst.map((m) => m.subject)).toEqual(["New message from Bolu", "New message from Sade", "New message from Kunle"]);
    expect(burst[1]!.text).not.toContain("without an alert");
    expect(burst[2]!.text).toContain("Messages in the next 15 minutes wait there without an alert of their own.");

    await ageAlerts(16 * 60_000);
    await contact({ name: "Dayo", email: "dayo@example.ng", message: "Still there?" }, "10.0.2.10");
    const last = (await alerts()).find((m) => m.subject === "New message from Dayo");
    expect(last!.text).toContain("5 other messages wait unread too.\n");
  });
});

describe("a request for a coaching call from /author", () => {
  it("is a coaching message, and its alert says so", async () => {
    const res = await t.request("/api/newsletter", {
      method: "POST",
      json: { email: "zainab@example.ng", firstName: "Zainab", source: "author" },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "zainab@example.ng"));
    expect(row!.kind).toBe("coaching");
    const mail = (await alerts()).find((m) => m.subject === "Coaching call request from Zainab");
    expect(mail!.text).toContain("Zainab wrote to Alafia Self-Care from the Coaching Services page:");
    expect(mail!.text).not.toContain("Reply on WhatsApp");
  });
});

describe("Book my call on /author (POST /api/coaching-requests)", () => {
  const book = (json: Record<string, unknown>, ip = "10.0.1.1") => t.request("/api/coaching-requests", { method: "POST", json, ip });

  it("takes a WhatsApp number alone, with the offer and her note, and tells the owner how to reach her", async () => {
    const subscribers = (await t.db.select().from(newsletterSubscribers)).length;
    const res = await book({ name: "Amaka Eze", phone: "0803 555 0166", offer: "vip", note: "Evenings after 7 suit me." });
    expect(res.status).toBe(201);
    expect((await res.json()).msg).toBe(
      "Thank you, Amaka! Our coach will message you on WhatsApp at +234 803 555 0166 within one working day to find a time that suits you.",
    );
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.phone, "+2348035550166"));
    expect(row).toMatchObject({
      name: "Amaka Eze",
      email: null,
      kind: "coaching",
      message: "Asked for: Mindful Living VIP coaching.\nEvenings after 7 suit me.",
    });
    const mail = (await alerts()).find((m) => m.subject === "Coaching call request from Amaka Eze");
    expect(mail!.text).toContain("Reply on WhatsApp: https://wa.me/2348035550166?text=");
    expect(mail!.text).not.toContain("Reply by mail");
    // on the newsletter only when she ticks it
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(subscribers);
  });

  it("needs a number or an email, an offer it knows, and an email for the notes", async () => {
    let res = await book({ name: "Ada" }, "10.0.1.2");
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ phone: "Leave your WhatsApp number or your email, so the coach can reach you" });
    res = await book({ name: "Ada", phone: "0803 555 0167", offer: "weekend-retreat" }, "10.0.1.2");
    expect((await res.json()).fields).toEqual({ offer: "Choose one of the coaching offers" });
    res = await book({ name: "Ada", phone: "0803 555 0167", newsletter: true }, "10.0.1.2");
    expect((await res.json()).fields).toEqual({ email: "Leave your email to get our notes" });
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.name, "Ada"))).toEqual([]);
    // with an email and the box ticked, she joins the newsletter too (and is told by mail)
    res = await book({ name: "Ngozi Obi", email: "ngozi.coaching@example.ng", newsletter: true }, "10.0.1.2");
    expect((await res.json()).msg).toContain("Our coach will write to ngozi.coaching@example.ng within one working day");
    const [sub] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "ngozi.coaching@example.ng"));
    expect(sub).toMatchObject({ firstName: "Ngozi", lastName: "Obi", source: "author" });
  });

  it("works before the page's script runs: the offer chosen by its button, a refusal keeps what she typed", async () => {
    const chosen = (html: string) => /<select[^>]*name="offer"[^>]*>[\s\S]*?<option value="(\w+)" selected=""/.exec(html)?.[1];
    expect(chosen(await drawn(await t.page("/author?offer=roadmap")))).toBe("roadmap");
    expect(chosen(await drawn(await t.page("/author?offer=nonsense")))).toBe("call");

    let res = await t.page("/author", {
      ...form({ name: "Funmi Ade", phone: "12", email: "", offer: "roadmap", note: "Mornings" }),
      ip: "10.0.1.3",
    });
    expect(res.status).toBe(400);
    let html = await drawn(res);
    expect(html).toContain("Enter a Nigerian phone number, like 0803 555 0142");
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Funmi Ade"/);
    expect(html).toContain(">Mornings</textarea>");
    expect(chosen(html)).toBe("roadmap");

    res = await t.page("/author", {
      ...form({ name: "Funmi Ade", phone: "0803 555 0168", email: "", offer: "roadmap", note: "Mornings" }),
      ip: "10.0.1.3",
    });
    expect(res.status).toBe(200);
    html = await drawn(res);
    expect(html).toContain("Thank you, Funmi! Our coach will message you on WhatsApp at +234 803 555 0168");
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.phone, "+2348035550168"));
    expect(row!.message).toBe("Asked for: Your healing roadmap.\nMornings");
  });
});

describe("GET /api/messages and the read marks", () => {
  it("lists what waits unread, newest first, filtered by kind and words; the whole list on show=all", async () => {
    await t.db.update(contactMessages).set({ readAt: new Date() });
    const older = await createContactMessage(t.db, {
      name: "Ngozi Eze",
      message: "Where is my order?",
      createdAt: new Date("2026-12-01T09:00:00Z"),
    });
    const newer = await createContactMessage(t.db, {
      name: "Bisi Ade",
      phone: "+2348090001111",
      kind: "coaching",
      message: "A coaching call, please",
      createdAt: new Date("2026-12-02T09:00:00Z"),
    });
    const res = await list("");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(res.headers.get("X-Unread-Count")).toBe("2");
    const items = (await res.json()) as { id: string; kind: string; readAt: string | null }[];
    expect(items.map((m) => m.id)).toEqual([newer.id, older.id]);
    expect(items[0]).toMatchObject({ name: "Bisi Ade", phone: "+2348090001111", kind: "coaching", readAt: null, readBy: null });

    expect((await (await list("?kind=coaching")).json()).map((m: { id: string }) => m.id)).toEqual([newer.id]);
    expect((await (await list("?q=0809 000")).json()).map((m: { id: string }) => m.id)).toEqual([]);
    expect((await (await list("?q=09000")).json()).map((m: { id: string }) => m.id)).toEqual([newer.id]);
    expect((await (await list("?q=where is MY")).json()).map((m: { id: string }) => m.id)).toEqual([older.id]);
    const all = await list("?show=all&pageSize=100");
    expect(Number(all.headers.get("X-Total-Count"))).toBeGreaterThan(2);
    expect(all.headers.get("X-Unread-Count")).toBe("2");

    const bad = await list("?kind=spam&pageSize=500");
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fields).sort()).toEqual(["kind", "pageSize"]);
  });

  it("marks one read by whoever read it, keeps the first reader, marks it unread again, and marks all read", async () => {
    await t.db.update(contactMessages).set({ readAt: new Date() });
    const m = await createContactMessage(t.db, { name: "Efe" });
    const other = await createContactMessage(t.db, { name: "Ifeoma" });
    const mark = (id: string, json: unknown, as = staff) => t.request(`/api/messages/${id}`, { method: "PATCH", json, as });

    let res = await mark(m.id, { read: true });
    expect(res.status).toBe(200);
    const read = await res.json();
    expect(read).toMatchObject({ id: m.id, readBy: "Chidi" });
    expect(read.readAt).toBeTruthy();
    // marking it read again (the owner, a second tab) changes nothing: Chidi read it first
    expect(await (await mark(m.id, { read: true }, owner)).json()).toMatchObject({ readBy: "Chidi", readAt: read.readAt });
    expect((await list("")).headers.get("X-Unread-Count")).toBe("1");

    expect(await (await mark(m.id, { read: false }, owner)).json()).toMatchObject({ readAt: null, readBy: null });
    expect((await mark(m.id, { read: "yes" })).status).toBe(400);
    expect((await mark(m.id, { read: true, message: "changed" })).status).toBe(400);
    expect((await mark("6f1c4c59-3a44-4c56-9a55-3b1a1f0e7a01", { read: true })).status).toBe(404);
    const [kept] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, m.id));
    expect(kept!.message).toBe(m.message);

    res = await t.request("/api/messages/read-all", { method: "POST", as: owner });
    expect(await res.json()).toEqual({ marked: 2 });
    const [otherRow] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, other.id));
    expect(otherRow!.readBy).toBe(owner.id);
    expect((await list("")).headers.get("X-Unread-Count")).toBe("0");
  });
});

describe("/messages in the back office", () => {
  it("shows staff each unread message with its replies, counts them on the sidebar, and marks one read without the script", async () => {
    await t.db.update(contactMessages).set({ readAt: new Date() });
    const m = await createContactMessage(t.db, {
      name: "Halima Bello",
      email: "halima@example.ng",
      phone: "+2348035550199",
      message: "Is the journal in stock?",
    });

    let html = await drawn(await t.page("/messages", { as: staff }));
    expect(html).toContain("Halima Bello");
    expect(html).toMatch(/halima@example\.ng · <span[^>]*>\+234 803 555 0199<\/span>/);
    expect(html).toContain("Is the journal in stock?");
    expect(html).toContain(
      `href="https://wa.me/2348035550199?text=${encodeURIComponent("Hello Halima, this is Alafia Self-Care. Thank you for your message. ")}"`,
    );
    expect(html).toContain(`href="mailto:halima@example.ng?subject=${encodeURIComponent("Your message to Alafia Self-Care")}"`);
    expect(html).toMatch(/data-testid="to-answer"[^>]*>1<span class="sr-only"> to answer<\/span>/);
    expect(html).toContain("Not read (1)");
    // the CSV is the owner's
    expect(html).not.toContain("/api/settings/messages.csv");
    expect(await drawn(await t.page("/messages", { as: owner }))).toContain('href="/api/settings/messages.csv"');
    // the badge is on every back-office screen
    expect(await drawn(await t.page("/purchasetable", { as: staff }))).toMatch(/data-testid="to-answer"[^>]*>1</);

    const res = await t.page("/messages", { ...form({ intent: "read", id: m.id }), as: staff });
    expect(res.status).toBe(200);
    html = await drawn(res);
    expect(html).toContain("Marked as read");
    expect(html).toContain("Nothing waiting: every message has been read.");
    expect(html).not.toContain('data-testid="to-answer"');
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, m.id));
    expect(row!.readBy).toBe(staff.id);

    html = await drawn(await t.page("/messages?show=all", { as: owner }));
    expect(html).toMatch(/Read by Chidi · \d+ \w{3}, \d+:\d{2} [ap]m/);
    expect(html).toContain("Mark as unread");
  });

  it("refuses a bad filter with a 400 page that names it", async () => {
    const res = await t.page("/messages?show=everything", { as: staff });
    expect(res.status).toBe(400);
    expect(await drawn(res)).toContain("Show unread or all");
  });
});
