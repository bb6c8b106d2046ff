import { useRef } from "react";
import { Form, Link } from "react-router";
import toast from "react-hot-toast";
import { z } from "zod";
import { AdminTable, PageHeader, td, th } from "../../components/admin/table-parts";
import { Field, FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { parseFields, readForm } from "../../lib/form-action.server";
import { startingValues, useBusy, useOnAnswer, type FormResult } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { deliveryWindowInput, markedDayInput } from "../../../modules/delivery/calendar-schemas";
import {
  createDeliveryWindow,
  deleteDeliveryWindow,
  listMarkedDays,
  listWindowsAdmin,
  markDay,
  unmarkDay,
} from "../../../modules/delivery/calendar.server";
import { bookedOn } from "../../../modules/orders/move-day.server";
import { adminAction } from "./admin-action.server";
import type { Route } from "./+types/deliverycalendar";

export const meta = () => [{ title: "Delivery calendar | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const [days, windows] = await Promise.all([listMarkedDays(db), listWindowsAdmin(db)]);
  // a blackout day marked after orders were booked for it: how many, to move from its deliveries page
  const booked = await bookedOn(
    db,
    days.filter((d) => d.kind === "blackout").map((d) => d.day),
  );
  return { days: days.map((d) => ({ ...d, booked: booked.get(d.day) ?? 0 })), windows };
}

const dayKey = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "This day no longer exists. Please reload the page.") });
const windowKey = z.object({ id: z.uuid({ error: "This window no longer exists. Please reload the page." }) });

/** The calendar's forms: mark a day or a window, and each row's Remove (docs/product.md "Delivery on a chosen date"). */
export const action = (args: Route.ActionArgs) =>
  adminAction(args, async ({ db }): Promise<FormResult> => {
    const form = await readForm(args.request);
    switch (form.get("intent")) {
      case "day":
        await markDay(db, parseFields(form, markedDayInput));
        return { ok: true, msg: "Day saved" };
      case "unmark":
        await unmarkDay(db, parseFields(form, dayKey).day);
        return { ok: true, msg: "Day removed" };
      case "window":
        await createDeliveryWindow(db, parseFields(form, deliveryWindowInput));
        return { ok: true, msg: "Window added" };
      case "deleteWindow":
        await deleteDeliveryWindow(db, parseFields(form, windowKey).id);
        return { ok: true, msg: "Window removed" };
      default:
        return { msg: "Please reload the page and try again." };
    }
  });

/**
 * /deliverycalendar: the shop-wide side of delivery dates. Days with no deliveries (public holidays)
 * and peak days with their own capacity per area and a fee; the time windows a shopper may pick, each
 * with its surcharge. Each area's lead time, cut-off and capacity are on its LGA form (/lga).
 */
export default function DeliveryCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const { days, windows } = loaderData;
  const answer = actionData as FormResult | undefined;
  const busy = useBusy();
  const errors = answer?.fields ?? {};
  const dayForm = useRef<HTMLFormElement>(null);
  const windowForm = useRef<HTMLFormElement>(null);
  // a refused day or window, posted before the script ran, comes back as it was typed
  const day = startingValues(answer, "day");
  const win = startingValues(answer, "window");
  useOnAnswer(answer, (a) => {
    if (!a.ok) return;
    toast.success(a.msg ?? "Saved");
    // a saved day or window starts its form afresh for the next one
    dayForm.current?.reset();
    windowForm.current?.reset();
  });
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Delivery calendar" />
      {answer && !answer.ok ? <FormMessage tone="error">{answer.msg}</FormMessage> : null}

      <section aria-labelledby="days-title" className="space-y-3">
        <h2 id="days-title" className="text-xl">
          Blackout and peak days
        </h2>
        <p className="text-sm text-muted">
          No deliveries on a blackout day. A peak day can take its own number of deliveries per area (empty: each area's own) and adds its
          fee to an order for that day. Dates are Lagos days.
        </p>
        <AdminTable caption="Marked days">
          <thead>
            <tr>
              <th className={th}>Date</th>
              <th className={th}>Kind</th>
              <th className={th}>Capacity</th>
              <th className={th}>Fee</th>
              <th className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {days.length === 0 ? (
              <tr>
                <td className={td} colSpan={5}>
                  No days marked
                </td>
              </tr>
            ) : (
              days.map((d) => (
                <tr key={d.day} className="border-t border-line" data-testid="marked-day">
                  <td className={td} data-label="Date">
                    {d.label}
                  </td>
                  <td className={td} data-label="Kind">
                    {d.kind === "blackout" ? "No deliveries" : "Peak day"}
                    {d.note ? ` · ${d.note}` : ""}
                    {d.booked ? (
                      <Link
                        to={`/deliveries?date=${d.day}`}
                        className="mt-1 block font-semibold text-rose-dark underline"
                        data-testid="marked-day-booked"
                      >
                        {d.booked === 1 ? "1 order is" : `${d.booked} orders are`} still booked: move {d.booked === 1 ? "it" : "them"}
                      </Link>
                    ) : null}
                  </td>
                  <td className={td} data-label="Capacity">
                    {d.kind === "peak" ? (d.capacity ?? "Each area's own") : "—"}
                  </td>
                  <td className={td} data-label="Fee">
                    {d.kind === "peak" ? formatNairaAmount(d.fee) : "—"}
                  </td>
                  <td className={`${td} admin-actions text-right`}>
                    <Form method="post">
                      <input type="hidden" name="intent" value="unmark" />
                      <input type="hidden" name="day" value={d.day} />
                      <button type="submit" className="btn-outline min-h-9 px-3 py-1 text-sm" disabled={busy}>
                        Remove
                      </button>
                    </Form>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </AdminTable>
        <Form
          ref={dayForm}
          method="post"
          className="grid gap-3 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-2"
          data-testid="mark-day-form"
        >
          <input type="hidden" name="intent" value="day" />
          <Field label="Date" name="day" type="date" required defaultValue={day.text("day", "")} error={errors.day} />
          <Field label="Kind" name="kind" error={errors.kind}>
            {(control) => (
              <select {...control} defaultValue={day.text("kind", "blackout")}>
                <option value="blackout">No deliveries (blackout)</option>
                <option value="peak">Peak day</option>
              </select>
            )}
          </Field>
          <Field
            label="Name shoppers see"
            name="note"
            maxLength={60}
            placeholder="Public holiday"
            defaultValue={day.text("note", "")}
            error={errors.note}
          />
          <Field
            label="Peak capacity per area"
            name="capacity"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            defaultValue={day.text("capacity", "")}
            error={errors.capacity}
          />
          <Field
            label="Peak-day fee (₦)"
            name="fee"
            type="number"
            min={0}
            step={100}
            inputMode="numeric"
            defaultValue={day.text("fee", "")}
            error={errors.fee}
          />
          <div className="flex items-end">
            <button type="submit" className="btn-primary min-h-11 w-full" disabled={busy}>
              Save day
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="windows-title" className="space-y-3">
        <h2 id="windows-title" className="text-xl">
          Time windows
        </h2>
        <p className="text-sm text-muted">
          With a date, a shopper may pick one of these windows (Lagos hours) or any time that day; a window's surcharge is added to her
          delivery. Orders keep the window they chose when one is removed.
        </p>
        <AdminTable caption="Time windows">
          <thead>
            <tr>
              <th className={th}>Window</th>
              <th className={th}>Surcharge</th>
              <th className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {windows.length === 0 ? (
              <tr>
                <td className={td} colSpan={3}>
                  No windows: a date is for any time that day
                </td>
              </tr>
            ) : (
              windows.map((w) => (
                <tr key={w.id} className="border-t border-line" data-testid="delivery-window">
                  <td className={td} data-label="Window">
                    {w.label}
                  </td>
                  <td className={td} data-label="Surcharge">
                    {formatNairaAmount(w.surcharge)}
                  </td>
                  <td className={`${td} admin-actions text-right`}>
                    <Form method="post">
                      <input type="hidden" name="intent" value="deleteWindow" />
                      <input type="hidden" name="id" value={w.id} />
                      <button type="submit" className="btn-outline min-h-9 px-3 py-1 text-sm" disabled={busy}>
                        Remove
                      </button>
                    </Form>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </AdminTable>
        <Form
          ref={windowForm}
          method="post"
          className="grid gap-3 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-4"
          data-testid="window-form"
        >
          <input type="hidden" name="intent" value="window" />
          <Field
            label="From (hour)"
            name="startHour"
            type="number"
            min={0}
            max={23}
            step={1}
            required
            inputMode="numeric"
            defaultValue={win.text("startHour", "")}
            error={errors.startHour}
          />
          <Field
            label="To (hour)"
            name="endHour"
            type="number"
            min={1}
            max={24}
            step={1}
            required
            inputMode="numeric"
            defaultValue={win.text("endHour", "")}
            error={errors.endHour}
          />
          <Field
            label="Surcharge (₦)"
            name="surcharge"
            type="number"
            min={0}
            step={100}
            inputMode="numeric"
            defaultValue={win.text("surcharge", "")}
            error={errors.surcharge}
          />
          <div className="flex items-end">
            <button type="submit" className="btn-primary min-h-11 w-full" disabled={busy}>
              Add window
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
