// An order paid in parts took its money several ways (docs/product.md "Refunds"): friends chipping
// in through its payment link, each by a transaction of her own; a deposit the shop recorded; the
// rest through the provider or by hand. A refund goes back the way the money came, each way giving
// back at most what it took: a provider refunds a transaction up to its own amount, no more.

/**
 * One way an order's money came: a provider's transaction (`transaction`: what its refund names),
 * or null for everything the shop received by hand (transfer, cash, POS), which goes back by hand.
 * `payer`: who paid it when it was not the buyer (a friend who chipped in, by the name she gave).
 */
export type MoneySource = { transaction: string | null; kobo: number; payer: string | null };

/** A refund's share of one way the money came. */
export type RefundPiece = MoneySource;

/**
 * Splits `amountKobo` over `sources`, in their order, each giving at most what it took less what
 * was already refunded from it (`refunded`, by transaction; null: by hand). Null when they cannot
 * give that much. The caller orders the sources: what the shop received by hand first (an
 * overpaid transfer is given back before any card is touched), then the provider's transactions,
 * the latest first.
 */
export function splitRefund(
  sources: MoneySource[],
  refunded: ReadonlyMap<string | null, number>,
  amountKobo: number,
): RefundPiece[] | null {
  const pieces: RefundPiece[] = [];
  let wanted = amountKobo;
  for (const source of sources) {
    if (wanted <= 0) break;
    const kobo = Math.min(wanted, roomOf(source, refunded));
    if (kobo <= 0) continue;
    pieces.push({ ...source, kobo });
    wanted -= kobo;
  }
  return wanted > 0 ? null : pieces;
}

/** What the sources can still give back, in all. */
export const refundRoom = (sources: MoneySource[], refunded: ReadonlyMap<string | null, number>): number =>
  sources.reduce((sum, s) => sum + roomOf(s, refunded), 0);

const roomOf = (s: MoneySource, refunded: ReadonlyMap<string | null, number>) => Math.max(0, s.kobo - (refunded.get(s.transaction) ?? 0));
