import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { checkoutForm } from "../../modules/orders/schemas";
import { createDeliveryRate, createProduct } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// A checkout's street, city and state are printed in the mails the shop sends from its own address,
// and a guest's order mails whatever email she typed at once (a pay link): like a name
// (modules/accounts/schemas.ts), they must not carry a web address. A real Lagos address still passes.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Eti-Osa", chargeKobo: 250_000 });
});

let seq = 0;
const email = () => `address-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.ng`;
async function guestOrder(address: Record<string, string>) {
  const product = await createProduct(t.db, { stock: 10 });
  const body = {
    name: "Ada Obi",
    email: email(),
    phone: "0803 555 0142",
    street: "4 Bode Thomas Street",
    city: "Lekki",
    lga: "eti-osa",
    paymentMethod: "pay_link",
    lines: [{ productId: product.id, quantity: 1 }],
    ...address,
  };
  const res = await t.request("/api/purchases/create", { method: "POST", json: body });
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
  return { res, mails };
}

describe("a checkout address is an address, not a message", () => {
  it("refuses a web address in the street, city or state, with the field's message, and mails nobody", async () => {
    const cases: [string, string, string][] = [
      ["street", "ACTION NEEDED: claim your refund at https://evil.example/claim", "Street cannot contain a web address"],
      ["street", "Plot 5, visit evil.example/claim", "Street cannot contain a web address"],
      ["city", "www.evil.example", "City cannot contain a web address"],
      ["state", "claim at evil.com", "State cannot contain a web address"],
      ["street", "Refund: bit.ly/alafia-refund", "Street cannot contain a web address"],
      ["city", "Lekki, see alafia-refunds.ng", "City cannot contain a web address"],
    ];
    for (const [field, value, message] of cases) {
      const { res, mails } = await guestOrder({ [field]: value });
      expect([value, res.status]).toEqual([value, 400]);
      expect([value, (await res.json()).fields?.[field]]).toEqual([value, message]);
      expect(mails).toEqual([]);
    }
  });

  it("takes an ordinary Lagos address: numbers, commas, slashes, full stops, 'Plot 5, Block B'", async () => {
    const addresses = [
      { street: "Plot 5, Block B, 12/14 Admiralty Way", city: "Lekki Phase 1", state: "Lagos" },
      { street: "No. 3B, Off Allen Ave., Opp. First Bank", city: "Ikeja G.R.A.", state: "Lagos State" },
      { street: "Flat 2, 21/23 Adeola Odeku St, V.I.", city: "Victoria Island", state: "Lagos" },
      // typed fast on a phone, without the space after a full stop
      { street: "Opp.Shoprite, 5 Adeola Odeku St.Victoria Island", city: "Lekki.Phase 1", state: "Lagos" },
    ];
    for (const address of addresses) {
      const { res, mails } = await guestOrder(address);
      expect([address.street, res.status]).toEqual([address.street, 201]);
      expect(mails.map((m) => m.kind)).toEqual(["order_placed_pay_link"]);
    }
  });

  it("the checkout form keeps the same rule (one schema, in the browser and the action)", () => {
    const form = { lga: "Eti-Osa", phone: "0803 555 0142", street: "https://evil.example", city: "Lekki" };
    const result = checkoutForm.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
      "street",
      "Street cannot contain a web address",
    ]);
  });
});
