import type { Tx } from "../client";
import { addDays, lagosNow } from "../../lib/lagos-calendar";
import { insertDemoPurchase, type SeedProduct } from "./demo-purchase";

// Three gifts whose buyers asked to be reminded, their days coming round in the next weeks, so the
// back office's 'Gift days' has something to show in the demo (docs/product.md "Gift orders"). The
// first buyer is one of the demo orders' customers (her number): she has ordered again. The second
// asked for it every year, two years ago.
const gifts = [
  { buyer: ["Funmilayo", "Adeyemi", "08035550101"], recipient: "Tolu Adeyemi", inDays: 4, message: "Happy birthday, sis! Rest well." },
  { buyer: ["Yetunde", "Ajayi", "08035550190"], recipient: "Mama Ajayi", inDays: 11, message: "For all you do. Love, Yetty", years: 2 },
  { buyer: ["Amina", "Sule", "08035550191"], recipient: "Ifeoma Okonkwo", inDays: 23, message: "Happy anniversary, my friend" },
] as const;

/** The same day `years` (1 or 2) before (29 February: the 28th). */
const yearsBefore = (day: string, years: number) =>
  `${Number(day.slice(0, 4)) - years}${day.slice(4) === "-02-29" ? "-02-28" : day.slice(4)}`;

export async function seedDemoGifts(tx: Tx, products: SeedProduct[], now: Date) {
  if (!products.length) return;
  const today = lagosNow(now).date;
  for (const [i, gift] of gifts.entries()) {
    const [first, last, phone] = gift.buyer;
    const day = addDays(today, gift.inDays);
    const years = "years" in gift ? gift.years : 1;
    const sentFor = yearsBefore(day, years);
    const createdAt = new Date(`${addDays(sentFor, -2)}T10:00:00+01:00`);
    // a week before the day, as the checkout keeps it (modules/orders/gift-rules.ts giftReminderDays)
    const remindOn = addDays(day, -7);
    await insertDemoPurchase(
      tx,
      {
        firstName: first,
        lastName: last,
        email: `${first.toLowerCase()}.${last.toLowerCase()}@example.ng`,
        phone,
        street: `${20 + i} Bourdillon Road`,
        city: "Ikoyi",
        state: "Lagos",
        address: `${20 + i} Bourdillon Road, Ikoyi, Lagos`,
        lga: "Eti-Osa",
        status: "delivered",
        paymentProvider: "sandbox",
        reference: `ALF-GIFT-${String(i + 1).padStart(4, "0")}`,
        transactionId: `SBX-GIFT-${i + 1}`,
        paidAt: createdAt,
        deliveryDate: sentFor,
        isGift: true,
        recipientName: gift.recipient,
        recipientPhone: `0809${5550200 + i}`,
        giftMessage: gift.message,
        giftRemindOn: remindOn,
        giftRemindYearly: years > 1,
        // a reminder whose day has come went out then
        giftRemindedAt: remindOn <= today ? new Date(`${remindOn}T09:00:00+01:00`) : null,
        createdAt,
      },
      [{ product: products[(i * 5 + 2) % products.length]!, quantity: 1 }],
    );
  }
}
