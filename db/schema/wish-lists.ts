import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt } from "./columns";

// docs/product.md "Wish lists": a signed-in shopper's list of what she would love, shared by a link.
// One list a shopper, made with her first saved product; `shareToken` is the secret part of its
// link (a new one ends the old link).
export const wishLists = pgTable("wish_lists", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  shareToken: text().notNull().unique("wish_lists_share_token_uq"),
  // she is mailed when a product on her list costs less or is back in stock (her list's switch turns it off)
  mails: boolean().notNull().default(true),
  // where a friend may send her a gift from the list ("Send it to her"; all four or none): the
  // friend never sees it, only her area's delivery charge (modules/wish-lists/list-address.server.ts)
  giftPhone: text(),
  giftLga: text(),
  giftStreet: text(),
  giftCity: text(),
  createdAt: createdAt(),
});

// A product on her list, once; a product deleted leaves every list.
export const wishItems = pgTable(
  "wish_items",
  {
    userId: uuid()
      .notNull()
      .references(() => wishLists.userId, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // the price she has seen for it, in kobo: when she saved it, or the lower one she was last told
    // of (it follows a price that goes up, so the next sale is told too)
    seenPriceKobo: integer().notNull(),
    // when a pass first found it selling for less than that (it is told once the lower price has held)
    dropSeenAt: timestamp({ withTimezone: true }),
    // it was sold out: once it can be bought again, she is told
    waitingForStock: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "wish_items_pk", columns: [t.userId, t.productId] }), index("wish_items_product_id_idx").on(t.productId)],
);
