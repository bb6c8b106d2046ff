import { between, or, sql, type Column, type SQL } from "drizzle-orm";
import { paymentAttempts, purchases } from "../../db/schema";
import { containing } from "../../lib/like-pattern";
import { phoneSearchDigits } from "../../lib/phone";
import { orderNumberIds, typedOrderNumber } from "./statuses";

// What a search of the back office's orders finds (/purchasetable, its CSV, /unpaidcheckouts):
// what a customer quotes over the phone or in a chat. docs/decisions/0004-admin-purchases-search.md.

/** What a search looks for in the orders' search text, "first last email phone": a number typed any way as its digits. */
export const purchaseSearchTerm = (typed: string): string => phoneSearchDigits(typed) ?? typed.toLowerCase();

/**
 * The orders a search finds: the search text holds it (the buyer's name, email or number, a gift's recipient or hers);
 * or it is the order number ('#1F53D6B3', a range of the primary key); or, exactly, a payment
 * reference of the order (the checkout's, or a later attempt's, as Paystack shows her). Each
 * part reads an index, so they join as a bitmap OR. `t` is purchases or its narrow search copy.
 */
export function purchaseSearchMatch(typed: string, t: { id: Column; searchText: Column }): SQL {
  const found: SQL[] = [sql`${t.searchText} like ${containing(purchaseSearchTerm(typed))}`];
  const number = typedOrderNumber(typed);
  if (number) found.push(between(t.id, ...orderNumberIds(number))!);
  // a reference has no spaces; array(...) makes it one look-up before the scan, not a check per row
  if (!/\s/.test(typed))
    found.push(sql`${t.id} = any(array(
      select ${purchases.id} from ${purchases} where ${purchases.reference} = ${typed}
      union select ${paymentAttempts.purchaseId} from ${paymentAttempts} where ${paymentAttempts.reference} = ${typed}))`);
  return or(...found)!;
}
