import { and, eq, isNotNull } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { users, wishLists } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { requireDeliveryArea } from "../delivery/areas.server";
import { getSettings } from "../settings/service.server";
import type { ListAddressInput } from "./schemas";
import { listOfLink } from "./service.server";

// docs/product.md "Wish lists", "Send it to her": she may keep on her list where friends can send
// her a gift. A friend who came from her list chooses "Send it to <her name>" at checkout and never
// sees the address: the order takes it from the list (placeOrder), is priced by her area, and the
// buyer's own views of it show her first name and area only (modules/orders/gift-rules.ts).

/** Her list's address for gifts, as her own page shows it. */
export type ListAddress = { phone: string; lga: string; street: string; city: string };

/** The address on her list, or null (none kept, or no list yet). */
export async function myListAddress(db: Queryable, userId: string): Promise<ListAddress | null> {
  const [row] = await db
    .select({ phone: wishLists.giftPhone, lga: wishLists.giftLga, street: wishLists.giftStreet, city: wishLists.giftCity })
    .from(wishLists)
    .where(and(eq(wishLists.userId, userId), isNotNull(wishLists.giftStreet)));
  return row ? { phone: row.phone ?? "", lga: row.lga ?? "", street: row.street ?? "", city: row.city ?? "" } : null;
}

/** What her list's address form starts with: the address kept (`saved`), or her profile's number, area and street. */
export async function listAddressStart(db: Queryable, userId: string): Promise<ListAddress & { saved: boolean }> {
  const saved = await myListAddress(db, userId);
  if (saved) return { ...saved, saved: true };
  const [u] = await db.select({ phone: users.phone, lga: users.lga, street: users.address }).from(users).where(eq(users.id, userId));
  return { phone: u?.phone ?? "", lga: u?.lga ?? "", street: u?.street ?? "", city: "", saved: false };
}

/** Keeps (or changes) the address on her list; the area must be one the shop delivers to. */
export async function setListAddress(db: Db, userId: string, input: ListAddressInput): Promise<void> {
  const { standardDeliveryKobo } = await getSettings(db);
  const area = await requireDeliveryArea(db, input.lga, standardDeliveryKobo);
  const [list] = await db
    .update(wishLists)
    .set({ giftPhone: input.phone, giftLga: area.lga, giftStreet: input.street, giftCity: input.city })
    .where(eq(wishLists.userId, userId))
    .returning({ userId: wishLists.userId });
  if (!list) throw new AppError("conflict", "Save a product to your wish list first.");
}

/** Takes the address off her list: friends can no longer send to it (orders already placed keep theirs). */
export async function clearListAddress(db: Db, userId: string): Promise<void> {
  await db.update(wishLists).set({ giftPhone: null, giftLga: null, giftStreet: null, giftCity: null }).where(eq(wishLists.userId, userId));
}

/**
 * What a gift sent to her from her list is addressed with: her first name (the name her list shows
 * friends: the order's mails and pages are the buyer's), her number and address, and her account's
 * email for "A gift is on its way" (outside surprise mode, as for any gift with an email).
 */
export type ListDelivery = {
  recipientName: string;
  recipientPhone: string;
  recipientEmail: string;
  street: string;
  city: string;
  lga: string;
};

/**
 * Where a gift from the list the link opens goes: null for a link that opens no list, her own
 * list, or a list that keeps no address. Read by the checkout's page (her area, to price it) and by
 * placeOrder (the whole address, in the order's transaction).
 */
export async function listDelivery(q: Queryable, token: string | null | undefined, buyerId: string | null): Promise<ListDelivery | null> {
  const list = token ? await listOfLink(q, token) : null;
  if (!list || list.ownerId === buyerId) return null;
  const [row] = await q
    .select({
      firstName: users.firstName,
      email: users.email,
      phone: wishLists.giftPhone,
      lga: wishLists.giftLga,
      street: wishLists.giftStreet,
      city: wishLists.giftCity,
    })
    .from(wishLists)
    .innerJoin(users, eq(users.id, wishLists.userId))
    .where(and(eq(wishLists.userId, list.ownerId), isNotNull(wishLists.giftStreet)));
  if (!row?.phone || !row.lga || !row.street || !row.city) return null;
  return {
    recipientName: row.firstName,
    recipientPhone: row.phone,
    recipientEmail: row.email,
    street: row.street,
    city: row.city,
    lga: row.lga,
  };
}

/** The area of the address on the list the link opens, for a friend's checkout to price (never the rest of it); null: none to send to. */
export async function listGiftArea(q: Queryable, token: string | null, buyerId: string | null): Promise<string | null> {
  return (await listDelivery(q, token, buyerId))?.lga ?? null;
}
