import { Form } from "react-router";

// docs/product.md "Delivery on a chosen date" ("A whole day moved"): every order booked for the day
// shown, moved to another day at once from its deliveries page; opened at once on a blackout day
// that still holds bookings (a holiday announced after they were made). A plain form.

type Props = { day: string; label: string; booked: number; blackout: string | null; today: string };

export function MoveDayForm({ day, label, booked, blackout, today }: Props) {
  const orders = booked === 1 ? "1 order" : `${booked} orders`;
  return (
    <details
      className="mb-4 rounded-2xl border border-line bg-linen p-4 print:hidden"
      open={blackout ? true : undefined}
      data-testid="move-day"
    >
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-rose-dark">
        Move this day&apos;s {orders} to another day
      </summary>
      {blackout ? (
        <p className="mb-3 rounded-xl bg-blush px-3 py-2 text-sm font-semibold text-rose-dark" role="alert" data-testid="move-day-blackout">
          {label} is marked as no deliveries ({blackout}), and {orders} {booked === 1 ? "is" : "are"} still booked for it.
        </p>
      ) : null}
      <p className="mb-3 text-sm text-muted">
        Every order booked for this day and not sent yet (unpaid ones too) moves, keeping its window; each customer is told. One the new day
        cannot take (full, too soon for Standard) stays here and is named.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="move_day" />
        <input type="hidden" name="from" value={day} />
        <div>
          <label htmlFor="move-day-to" className="label">
            Move them to
          </label>
          <input id="move-day-to" name="to" type="date" required min={today} className="input min-h-10 w-40 px-2 py-2" />
        </div>
        <button type="submit" className="btn-primary min-h-10 py-2">
          Move {orders}
        </button>
      </Form>
    </details>
  );
}
