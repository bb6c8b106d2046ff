// The reads a signed-in request makes every time (her session, her cart count, whether she bought
// the product she looks at) are built once per database and sent as prepared statements
// (db/prepared.ts). What must hold: each call reads its own values, never those of the call that
// built the statement, and on PostgreSQL the statements really are prepared on the connection.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import * as schema from "../../db/schema";
import { lookupSession } from "../../modules/accounts/sessions.server";
import { cartCount } from "../../modules/cart/service.server";
import { hasBought } from "../../modules/reviews/service.server";
import { createCartItem, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("reads prepared once per database", () => {
  it("give each shopper her own session, cart count and purchases, whoever asked first", async () => {
    const [ada, bisi] = [await createUser(t.db), await createUser(t.db)];
    const [journal, cards] = [await createProduct(t.db), await createProduct(t.db)];
    await createCartItem(t.db, ada.id, journal.id, 3);
    await createCartItem(t.db, bisi.id, cards.id, 1);
    await createPurchase(t.db, ada, [{ product: journal, quantity: 1 }]);
    await createPurchase(t.db, bisi, [{ product: cards, quantity: 1 }], { status: "pending" });
    const [adaToken, bisiToken] = [await t.loginAs(ada), await t.loginAs(bisi)];
    const secret = t.env.SESSION_SECRET;

    for (let round = 0; round < 2; round++) {
      expect((await lookupSession(t.db, secret, adaToken))?.user).toMatchObject({ id: ada.id, email: ada.email });
      expect((await lookupSession(t.db, secret, bisiToken))?.user).toMatchObject({ id: bisi.id, email: bisi.email });
      expect(await lookupSession(t.db, secret, "not-a-session")).toBeNull();
      expect([await cartCount(t.db, ada.id), await cartCount(t.db, bisi.id)]).toEqual([3, 1]);
      // Bisi's order is not paid: she has not bought the cards
      expect([
        await hasBought(t.db, ada.id, journal.id),
        await hasBought(t.db, bisi.id, cards.id),
        await hasBought(t.db, ada.id, cards.id),
      ]).toEqual([true, false, false]);
    }
  });

  it("builds a query once for each database it is asked of", () => {
    let builds = 0;
    const query = preparedPerDatabase((db) => ({ db, build: ++builds }));
    const [one, two] = [{} as Db, {} as Db];
    expect([query(one).build, query(one).build, query(two).build, query(one).build]).toEqual([1, 1, 2, 1]);
  });
});

// asked of PostgreSQL only: PGlite has one connection, and Drizzle builds its statements the same way on both
if (process.env.DATABASE_URL)
  describe("on PostgreSQL", () => {
    let client: pg.Client;
    afterAll(async () => {
      await client?.end();
    });

    it("keeps them as named statements on the connection", async () => {
      const user = await createUser(t.db);
      const product = await createProduct(t.db);
      const token = await t.loginAs(user);
      // one connection of its own, to look at what it has prepared
      client = new pg.Client({ connectionString: (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString });
      await client.connect();
      const db = drizzlePg({ client, schema, casing: "snake_case" }) as unknown as Db;
      expect((await lookupSession(db, t.env.SESSION_SECRET, token))?.user.id).toBe(user.id);
      expect(await cartCount(db, user.id)).toBe(0);
      expect(await hasBought(db, user.id, product.id)).toBe(false);
      const { rows } = await client.query<{ name: string }>("select name from pg_prepared_statements order by name");
      expect(rows.map((r) => r.name)).toEqual(["cart_count", "paid_purchase_of", "session_by_token"]);
    });
  });
