import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchases, users } from "../../db/schema";
import { createProduct, createPurchase, createUser, DEFAULT_PASSWORD } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// The "confirm your email" link (docs/product.md "Guest checkout"): anyone can sign up with someone
// else's email, so the link mailed to the address proves it only for a browser signed in to the
// account it was made for. Clicked by the real owner of the address while signed out, it must not hand
// her guest orders (name, address, phone) to whoever made the account.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
});

const newEmail = () => `owner-${crypto.randomUUID().slice(0, 8)}@example.ng`;
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** A guest order of `email`, then an account signed up with that email: the link it was mailed, as a path. */
async function accountOverGuestOrder(email: string) {
  const product = await createProduct(t.db, { stock: 10 });
  const buyer = { id: "", firstName: "Ada", lastName: "Obi", email, phone: "+2348035550142", lga: "Surulere" };
  const order = await createPurchase(t.db, buyer as Parameters<typeof createPurchase>[1], [{ product, quantity: 1 }], { userId: null });
  const reg = await t.request("/api/auth/register", {
    method: "POST",
    json: { firstName: "Sam", lastName: "Eze", email, password: DEFAULT_PASSWORD },
  });
  expect(reg.status).toBe(201);
  const [account] = await t.db.select().from(users).where(eq(users.email, email));
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "prove_email")));
  const url = new URL(/http\S+verifyemail\S+/.exec(mail!.text)![0]);
  return { order, account: account!, mail: mail!, link: url.pathname + url.search };
}
const ownerOf = async (orderId: string) => (await t.db.select().from(purchases).where(eq(purchases.id, orderId)))[0]!.userId;
const provenAt = async (userId: string) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.emailVerifiedAt;

describe("the link that confirms an email", () => {
  it("opened while signed out, proves nothing: it sends her to log in, and back to the link after", async () => {
    const email = newEmail();
    const { order, account, link } = await accountOverGuestOrder(email);
    const res = await t.page(link);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?confirmemail=1&redirectTo=${encodeURIComponent(link)}`);
    expect(await ownerOf(order.id)).toBeNull();
    expect(await provenAt(account.id)).toBeNull();
    // the login page says why she is there
    const login = await (await t.page(res.headers.get("location")!)).text();
    expect(login).toContain("Log in to see your orders in your account.");
    expect(login).toContain(`name="redirectTo" value="${link.replaceAll("&", "&amp;")}"`);
    // once logged in to the account the link was made for, she comes back to it, and it works
    const loggedIn = await t.page("/login", form({ email, password: DEFAULT_PASSWORD, redirectTo: link }));
    expect(loggedIn.headers.get("location")).toBe(link);
    const done = await t.page(link, { as: { id: account.id, role: "customer" } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your email is confirmed");
    expect(await ownerOf(order.id)).toBe(account.id);
    expect(await provenAt(account.id)).not.toBeNull();
  });

  it("opened while signed in to another account, proves nothing and says the link is another account's", async () => {
    const { order, account, link } = await accountOverGuestOrder(newEmail());
    const someoneElse = await createUser(t.db);
    const res = await t.page(link, { as: { id: someoneElse.id, role: "customer" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("This link belongs to another account.");
    expect(await ownerOf(order.id)).toBeNull();
    expect(await provenAt(account.id)).toBeNull();
  });

  it("a forged link is refused before anything else, signed in or not", async () => {
    const { account, link } = await accountOverGuestOrder(newEmail());
    const forged = link.replace(/t=[^&]+/, `t=${"x".repeat(32)}`);
    for (const as of [undefined, { id: account.id, role: "customer" as const }]) {
      const res = await t.page(forged, { as });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("This link is invalid or has expired.");
    }
    expect(await provenAt(account.id)).toBeNull();
  });

  it("a later guest order of her email stays out of an account she never logged in to", async () => {
    const email = newEmail();
    const { account, link } = await accountOverGuestOrder(email);
    await t.page(link);
    const product = await createProduct(t.db, { stock: 10 });
    const later = await createPurchase(t.db, { ...account, id: "" }, [{ product, quantity: 1 }], { userId: null });
    const login = await t.request("/api/auth/login", { method: "POST", json: { email, password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(200);
    expect(await ownerOf(later.id)).toBeNull();
  });

  it("the mail says an account was made with the address, and to ignore it if that was not her", async () => {
    const { mail } = await accountOverGuestOrder(newEmail());
    expect(mail.text).toContain("An account was created at Alafia Self-Care with this email address.");
    expect(mail.text).toContain("If you did not create it, ignore this mail");
    expect(mail.text).toContain("log in to that account");
  });
});
