import { ChevronLeft, ChevronRight, Gift, Printer } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { dateParam } from "../../../lib/form-fields";
import { addDays, lagosNow, shortDay } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import {
  deliveriesFor,
  pickupsWaiting,
  type PickupsWaiting,
  type RunSheetArea,
  type RunSheetRow,
} from "../../../modules/orders/deliveries.server";
import { areaStepInput, moveAreaOrders, movePickups, pickupStepInput } from "../../../modules/orders/area-steps.server";
import { bookedFor, moveDayInput, moveDayOrders } from "../../../modules/orders/move-day.server";
import { listMarkedDays } from "../../../modules/delivery/calendar.server";
import { MoveDayForm } from "../../components/admin/move-day-form";
import { collectionCodeWords, pickupSteps, remindedWords } from "../../../modules/orders/pickup";
import { getSettings } from "../../../modules/settings/service.server";
import { FormMessage } from "../../components/forms/fields";
import { parseFields, readForm } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { adminAction } from "./admin-action.server";
import { pickupPoints } from "../../../modules/settings/pickup-points";
import type { Route } from "./+types/deliveries";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Deliveries for ${data?.sheet.label ?? ""} | Alafia admin` }];

const deliveriesQuery = z.object({ date: dateParam, gifts: z.literal("1").optional() }).strict();

/** ?date=YYYY-MM-DD (a Lagos day); without it, today in Lagos. ?gifts=1: gift orders only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const today = lagosNow(new Date()).date;
  const { date = today, gifts } = readSearchParams(request, deliveriesQuery, ["date", "gifts"]);
  const giftsOnly = gifts === "1";
  const { db } = context.get(appContext);
  const [sheet, pickups, settings, booked, marked] = await Promise.all([
    deliveriesFor(db, date, { giftsOnly }),
    // the orders collected at the shop have no day: the same list whatever the day shown
    giftsOnly ? null : pickupsWaiting(db),
    getSettings(db),
    // every order not sent yet that holds the day (unpaid ones too): what 'Move them' moves
    bookedFor(db, date),
    listMarkedDays(db),
  ]);
  const blackout = marked.find((d) => d.day === date && d.kind === "blackout")?.note ?? null;
  return {
    sheet,
    pickups,
    reminderDays: settings.pickupReminderDays,
    // two pick-up points across town: each row says which one she collects from
    twoPoints: pickupPoints(settings).length > 1,
    giftsOnly,
    today,
    tomorrow: addDays(today, 1),
    booked,
    blackout,
  };
}

/** Every order moved at once tells its own customer. */
const toldWords = (moved: number) => (moved === 1 ? "its customer was told" : "each customer was told");

const statusWords: Record<string, string> = { completed: "Paid", processing: "Preparing", shipped: "Out", pending: "Placed" };
const pickupStatusWords: Record<string, string> = { ...statusWords, shipped: pickupSteps.shipped.label };

/**
 * An area's orders packed, or sent out with a rider, at once (docs/product.md "Delivery on a chosen
 * date"); or the pick-ups packed, or marked ready to collect (docs/product.md "Pick-up").
 */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, env, user }): Promise<FormResult> => {
    const form = await readForm(args.request);
    // "2 orders in Lekki are …", "1 pick-up is …"
    const answer = ({ moved, skipped }: { moved: number; skipped: number }, what: string, done: string): FormResult => {
      const some = (n: number) => `${n} ${n === 1 ? what.replace(/^(\S+)s/, "$1") : what}`;
      const meanwhile = skipped ? ` ${some(skipped)} had moved on meanwhile.` : "";
      if (!moved) return { ok: false, msg: `No ${what.replace(/^(\S+)s/, "$1")} was waiting for this.${meanwhile}` };
      return { ok: true, msg: `${some(moved)} ${moved === 1 ? "is" : "are"} ${done}; ${toldWords(moved)}.${meanwhile}` };
    };
    if (form.get("intent") === "move_day") {
      const { moved, left } = await moveDayOrders(db, env, user.id, parseFields(form, moveDayInput));
      const to = shortDay(String(form.get("to")));
      const stayed = left.length
        ? ` ${left.length === 1 ? "1 stayed" : `${left.length} stayed`}: ${left.map((l) => `#${l.number}: ${l.why}`).join(" ")}`
        : "";
      if (!moved) return { ok: false, msg: `No order moved.${stayed}` };
      return { ok: true, msg: `${moved === 1 ? "1 order" : `${moved} orders`} moved to ${to}; ${toldWords(moved)}.${stayed}` };
    }
    if (String(form.get("intent")).endsWith("_pickups")) {
      const { intent } = parseFields(form, pickupStepInput);
      const step = intent === "prepare_pickups" ? "prepare" : "send_out";
      const done = step === "prepare" ? "marked as preparing" : pickupSteps.shipped.done;
      return answer(await movePickups(db, env, user.id, step), "pick-ups", done);
    }
    const { intent, date, lga, rider } = parseFields(form, areaStepInput);
    const done = intent === "prepare" ? "marked as preparing" : `out for delivery with ${rider}`;
    return answer(await moveAreaOrders(db, env, user.id, { date, lga, step: intent, rider }), `orders in ${lga}`, done);
  });
}

/**
 * docs/product.md "Delivery on a chosen date": the orders due on one day, by area, with who receives
 * them, their phone, address, window and items. Printed (the Print button or the browser's own), it is
 * the riders' run sheet: app/app.css `.run-sheet` drops the back office around it.
 */
export default function Deliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet, pickups, giftsOnly, tomorrow, today, booked, blackout } = loaderData;
  const day = (n: number) => `/deliveries?date=${addDays(sheet.date, n)}${giftsOnly ? "&gifts=1" : ""}`;
  return (
    <div className="max-w-5xl">
      <PageHeader title={`Deliveries for ${sheet.label}`}>
        <button
          type="button"
          className="btn-outline min-h-10 py-2 print:hidden"
          onClick={() => window.print()}
          data-testid="print-run-sheet"
        >
          <Printer size={16} aria-hidden="true" /> Print run sheet
        </button>
      </PageHeader>
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <Link to={day(-1)} className="btn-outline min-h-10 px-3 py-2" aria-label="The day before">
          <ChevronLeft size={16} aria-hidden="true" />
        </Link>
        <Form method="get" className="flex items-center gap-2">
          <label htmlFor="deliveries-date" className="sr-only">
            Day
          </label>
          <input id="deliveries-date" name="date" type="date" defaultValue={sheet.date} className="input min-h-10 w-36 px-2 py-2" />
          {giftsOnly ? <input type="hidden" name="gifts" value="1" /> : null}
          <button type="submit" className="btn-primary min-h-10 py-2">
            Show
          </button>
        </Form>
        <Link to={day(1)} className="btn-outline min-h-10 px-3 py-2" aria-label="The day after">
          <ChevronRight size={16} aria-hidden="true" />
        </Link>
        {giftsOnly ? (
          <Link to={`/deliveries?date=${sheet.date}`} className="btn-outline min-h-10 py-2" data-testid="all-deliveries">
            All deliveries
          </Link>
        ) : (
          <Link to={`/deliveries?date=${tomorrow}&gifts=1`} className="btn-outline min-h-10 py-2" data-testid="gifts-due-tomorrow">
            <Gift size={16} aria-hidden="true" /> Gifts due tomorrow
          </Link>
        )}
      </div>
      <p className="mb-4 text-sm text-muted" data-testid="deliveries-count">
        {sheet.total === 0
          ? `No ${giftsOnly ? "gifts" : "deliveries"} for this day.`
          : `${sheet.total} ${giftsOnly ? (sheet.total === 1 ? "gift" : "gifts") : sheet.total === 1 ? "delivery" : "deliveries"} in ${sheet.areas.length} ${sheet.areas.length === 1 ? "area" : "areas"}.`}{" "}
        {giftsOnly ? "Gift orders only." : "Paid orders and pay-on-delivery orders due this day."}
      </p>
      {booked && !giftsOnly ? <MoveDayForm day={sheet.date} label={sheet.label} booked={booked} blackout={blackout} today={today} /> : null}
      {actionData?.msg ? (
        <div className="mb-4 print:hidden" data-testid="area-step-answer">
          <FormMessage tone={actionData.ok ? "success" : "error"}>
            {[actionData.msg, ...Object.values(actionData.fields ?? {})].join(" ")}
          </FormMessage>
        </div>
      ) : null}
      <div className="space-y-5">
        {sheet.areas.map((area) => (
          <section
            key={area.lga}
            className="run-sheet-area rounded-2xl border border-line bg-linen sm:p-4"
            aria-labelledby={`area-${area.lga}`}
            data-testid="run-sheet-area"
          >
            <h2 id={`area-${area.lga}`} className="px-4 pt-3 text-xl sm:px-0 sm:pt-0">
              {area.lga} <span className="text-base font-normal text-muted">({area.rows.length})</span>
            </h2>
            {giftsOnly ? null : <AreaSteps date={sheet.date} area={area} />}
            <table className="run-sheet mt-2 w-full text-sm">
              <thead>
                <tr className="text-left text-xs uppercase text-muted">
                  <th className="py-1.5 pr-2">Order</th>
                  <th className="py-1.5 pr-2">Window</th>
                  <th className="py-1.5 pr-2">Deliver to</th>
                  <th className="py-1.5 pr-2">Address</th>
                  <th className="py-1.5 pr-2">Items</th>
                  <th className="py-1.5 pr-2">Payment</th>
                  <th className="hidden py-1.5 print:table-cell">Received by</th>
                </tr>
              </thead>
              <tbody>
                {area.rows.map((r) => (
                  <DeliveryRow key={r.id} row={r} />
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      {pickups?.total ? <Pickups pickups={pickups} reminderDays={loaderData.reminderDays} twoPoints={loaderData.twoPoints} /> : null}
    </div>
  );
}

/**
 * docs/product.md "Pick-up": the orders she collects at the shop, whatever their day: what to pack,
 * and what waits for her on the shelf. Each moves on from its own page (no rider). Not on the printed sheet.
 */
function Pickups({ pickups, reminderDays, twoPoints }: { pickups: PickupsWaiting; reminderDays: number; twoPoints: boolean }) {
  const { rows, total, toPack, packed } = pickups;
  return (
    <section className="mt-6 rounded-2xl border border-line bg-linen sm:p-4 print:hidden" aria-labelledby="pickups" data-testid="pickups">
      <h2 id="pickups" className="px-4 pt-3 text-xl sm:px-0 sm:pt-0">
        Pick-ups at the shop <span className="text-base font-normal text-muted">({total})</span>
      </h2>
      <p className="px-4 text-sm text-muted sm:px-0">
        Orders she collects, oldest first{total > rows.length ? `: the ${rows.length} oldest of ${total}` : ""}. Mark them ready to collect
        here or from each order's page; she is told
        {reminderDays ? `, and reminded once if it waits ${reminderDays === 1 ? "a day" : `${reminderDays} days`}.` : "."}
      </p>
      <PickupSteps toPack={toPack} packed={packed} />
      <table className="run-sheet mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-xs uppercase text-muted">
            <th className="py-1.5 pr-2">Order</th>
            <th className="py-1.5 pr-2">Collected by</th>
            <th className="py-1.5 pr-2">Items</th>
            <th className="py-1.5 pr-2">Payment</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-line align-top" data-testid="pickup-row">
              <OrderCell row={r} words={pickupStatusWords} />
              <td data-label="Collected by" className="py-2 pr-2">
                <span className="font-semibold">{r.name}</span>
                <a href={`tel:${r.phone.replace(/\s/g, "")}`} className="block whitespace-nowrap">
                  {r.phone}
                </a>
                {twoPoints ? (
                  <span className="block text-xs font-semibold" data-testid="pickup-row-point">
                    At {r.address}
                  </span>
                ) : null}
                {r.note ? <span className="block text-xs text-muted">Note: {r.note}</span> : null}
                {r.asksForCode ? <span className="block font-semibold">{collectionCodeWords.counter}</span> : null}
                {r.remindedAt ? <span className="block text-xs text-muted">{remindedWords(r.remindedAt)}</span> : null}
              </td>
              <ItemsCell row={r} />
              <PaymentCell row={r} />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function OrderCell({ row, words }: { row: RunSheetRow; words: Record<string, string> }) {
  return (
    <td data-label="Order" className="py-2 pr-2">
      <Link to={`/viewpurchase/${row.id}`} className="font-semibold text-rose underline print:text-black print:no-underline">
        #{row.number}
      </Link>
      <span className="block text-xs text-muted">{words[row.status] ?? row.status}</span>
    </td>
  );
}

function ItemsCell({ row }: { row: RunSheetRow }) {
  return (
    <td data-label="Items" className="py-2 pr-2">
      <ul>
        {row.items.map((i, n) => (
          <li key={n}>
            {i.quantity} × {i.title}
            {i.size || i.color ? <span className="text-muted"> ({[i.size, i.color].filter(Boolean).join(", ")})</span> : null}
          </li>
        ))}
      </ul>
    </td>
  );
}

function PaymentCell({ row }: { row: RunSheetRow }) {
  return (
    <td data-label="Payment" className="py-2 pr-2 whitespace-nowrap">
      {row.collect === null ? "Paid" : <strong>Collect {formatNairaAmount(row.collect)}</strong>}
    </td>
  );
}

function DeliveryRow({ row }: { row: RunSheetRow }) {
  return (
    <tr className="border-t border-line align-top" data-testid="run-sheet-row">
      <OrderCell row={row} words={statusWords} />
      <td data-label="Window" className="py-2 pr-2 whitespace-nowrap">
        {row.window ?? "Any time"}
      </td>
      <td data-label="Deliver to" className="py-2 pr-2">
        <span className="font-semibold">{row.name}</span>
        <a href={`tel:${row.phone.replace(/\s/g, "")}`} className="block whitespace-nowrap">
          {row.phone}
        </a>
        {row.gift ? (
          <span className="mt-1 block text-xs" data-testid="run-sheet-gift">
            <strong>Gift</strong> from {row.gift.from}
            {row.gift.message ? <span className="block italic">“{row.gift.message}”</span> : null}
          </span>
        ) : null}
      </td>
      <td data-label="Address" className="py-2 pr-2">
        {row.address}
        {row.note ? <span className="block text-xs text-muted">Note: {row.note}</span> : null}
      </td>
      <ItemsCell row={row} />
      <PaymentCell row={row} />
      <td className="run-sheet-sign hidden py-2 print:table-cell" aria-hidden="true" />
    </tr>
  );
}

/** 'Mark N as preparing': an area's orders, or the pick-ups, packed at once (a plain form). */
function PackForm({ count, fields }: { count: number; fields: Record<string, string> }) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-outline min-h-10 py-2">
        Mark {count} as preparing
      </button>
    </Form>
  );
}

/** The pick-ups' next step, all at once: pack the paid ones, then mark the packed ones ready (no rider). Plain forms. */
function PickupSteps({ toPack, packed }: { toPack: number; packed: number }) {
  if (!toPack && !packed) return null;
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3 px-4 sm:px-0" data-testid="pickup-steps">
      {toPack ? <PackForm count={toPack} fields={{ intent: "prepare_pickups" }} /> : null}
      {packed ? (
        <Form method="post">
          <input type="hidden" name="intent" value="ready_pickups" />
          <button type="submit" className="btn-primary min-h-10 py-2">
            Mark {packed} packed as ready to collect
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * The area's next step for all its orders at once: pack the paid (and pay-on-delivery) ones, then
 * send the packed ones out with the rider. Plain forms: they work before the page's script runs.
 */
function AreaSteps({ date, area }: { date: string; area: RunSheetArea }) {
  const toPack = area.rows.filter((r) => r.status === "completed" || r.status === "pending").length;
  const packed = area.rows.filter((r) => r.status === "processing").length;
  if (!toPack && !packed) return null;
  const riderId = `rider-${area.lga}`;
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3 px-4 sm:px-0 print:hidden" data-testid="area-steps">
      {toPack ? <PackForm count={toPack} fields={{ intent: "prepare", date, lga: area.lga }} /> : null}
      {packed ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="send_out" />
          <input type="hidden" name="date" value={date} />
          <input type="hidden" name="lga" value={area.lga} />
          <div>
            <label htmlFor={riderId} className="label">
              Rider for {area.lga}
            </label>
            <input id={riderId} name="rider" required maxLength={200} placeholder="Musa, 0803 555 0199" className="input min-h-10 py-2" />
          </div>
          <button type="submit" className="btn-primary min-h-10 py-2">
            Send out {packed} packed
          </button>
        </Form>
      ) : null}
    </div>
  );
}
