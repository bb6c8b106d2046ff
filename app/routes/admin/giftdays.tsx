import { Check } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { AboutHer } from "../../components/admin/about-her";
import { ListFilters } from "../../components/admin/filters";
import { ListTab } from "../../components/admin/list-tab";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
import { StoppedWhatsApp, WhatsAppButton } from "../../components/admin/whatsapp-button";
import { useToastAnswer } from "../../components/toasts";
import { appContext } from "../../context";
import { parseForm } from "../../lib/form-action.server";
import { type FormResult, useBusy } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { counted } from "../../../lib/counted";
import { addDays, lagosDayTime, lagosNow, longDay, shortDay } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import { readablePhone } from "../../../lib/phone";
import { giftDaysQuery, listGiftDays, markGiftDayMessaged, type GiftDayRow } from "../../../modules/marketing/gift-days.server";
import { customerNotesFor } from "../../../modules/orders/customer-notes.server";
import { adminAction } from "./admin-action.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/giftdays";

// docs/product.md "Gift orders": the gifts whose day comes round again soon, whose buyers asked to be
// reminded: who sent what to whom, when the reminder goes, whether she ordered again, and a WhatsApp
// button with the message typed in.

export const meta = () => [{ title: "Gift days | Alafia admin" }];

const messagedInput = z.object({ intent: z.literal("messaged"), id: z.uuid({ error: "This order no longer exists. Please reload." }) });

/** 'Mark as messaged' on a card: the same service as the API's. */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, user }): Promise<FormResult> => {
    const { data } = await parseForm(args.request, messagedInput);
    await markGiftDayMessaged(db, data.id, user.id);
    return { ok: true, msg: "Marked as messaged" };
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db, env } = context.get(appContext);
  const query = readSearchParams(request, giftDaysQuery, ["q", "from", "to", "page"]);
  const list = await listGiftDays(db, env, query);
  redirectPastLastPage(request, query, list.total);
  // the team's notes about these customers (docs/product.md "Notes about a customer"), one query for the page
  const notes = await customerNotesFor(
    db,
    list.items.map((row) => row.phone),
  );
  const today = lagosNow(new Date()).date;
  return { ...list, items: list.items.map((row) => ({ ...row, aboutHer: notes.get(row.phone) ?? null })), query, today };
}

/** The tabs: how far ahead, from today. */
const AHEAD = [
  { days: 7, label: "Next 7 days" },
  { days: 30, label: "Next 30 days" },
  { days: 90, label: "Next 3 months" },
];

export default function GiftDays({ loaderData }: Route.ComponentProps) {
  const { items, total, from, to, query, today } = loaderData;
  return (
    <div className="grid max-w-5xl gap-4">
      <PageHeader title="Gift days" />
      <p className="text-sm text-muted">
        Gifts whose buyer asked to be reminded next year, or every year. Each gets a mail a week before the day; a message from you may do
        more.
      </p>
      <div className="flex flex-wrap gap-2">
        {AHEAD.map(({ days, label }) => (
          <ListTab key={days} to={`/giftdays?to=${addDays(today, days)}`} current={from === today && to === addDays(today, days)}>
            {label}
          </ListTab>
        ))}
      </div>
      <ListFilters
        placeholder="Search name, email or phone..."
        hint="The gift's day between the two dates; also finds a buyer by her order number (#1f53d6b3) or the recipient's name."
        q={query.q}
        from={from}
        to={to}
        dates
        clearTo="/giftdays"
        label="Search gift days"
      />
      <p className="text-sm" data-testid="gift-days-count">
        {counted(total, "gift day")} from {longDay(from)} to {longDay(to)}
      </p>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-linen p-6 text-center text-muted">No gift days come round between these dates.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Gift days">
          {items.map((row) => (
            <GiftDayCard key={row.id} row={row} />
          ))}
        </ul>
      )}
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </div>
  );
}

const inDays = (n: number) => (n === 0 ? "today" : n === 1 ? "tomorrow" : `in ${n} days`);

function GiftDayCard({ row }: { row: GiftDayRow & { aboutHer: string | null } }) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  useToastAnswer(fetcher.data);
  const sent = row.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ");
  return (
    <li className="rounded-2xl border border-line bg-linen p-4" data-testid="gift-day">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            {row.recipientName ? `${row.recipientName}'s day` : "A gift's day"} · {longDay(row.day)}{" "}
            <span className="text-sm font-normal text-muted">({inDays(row.daysLeft)})</span>
          </p>
          <p className="text-sm">
            From {row.name} · {readablePhone(row.phone)} · <span className="break-words">{row.email}</span>
          </p>
          <p className="text-sm text-muted">
            {row.sentWhen}, for {shortDay(row.sentFor)}: {sent || "no items"} · {formatNairaAmount(row.total)} · order #{row.number}
          </p>
          <p className="text-sm text-muted">
            {row.remindedAt
              ? `Reminder mailed ${lagosDayTime(new Date(row.remindedAt), "short")}`
              : `Reminder mail on ${shortDay(row.remindOn)}`}
          </p>
          {row.whatsappUrl ? null : <StoppedWhatsApp testId="gift-day-whatsapp-stopped" />}
          {row.messaged ? (
            <p className="text-sm font-semibold text-sage" data-testid="gift-day-messaged">
              Messaged by {row.messaged.by ?? "a former team member"}, {lagosDayTime(new Date(row.messaged.at), "short")}
            </p>
          ) : null}
          <AboutHer note={row.aboutHer} testId="gift-day-customer-note" />
        </div>
        <div className="flex flex-wrap gap-1">
          {row.yearly ? (
            <span
              className="inline-block rounded-full border border-line bg-cream px-2 py-0.5 text-xs font-semibold"
              data-testid="gift-day-yearly"
            >
              Every year
            </span>
          ) : null}
          {row.orderedAgain ? (
            <span
              className="inline-block rounded-full border border-sage/40 bg-sage-soft px-2 py-0.5 text-xs font-semibold text-sage"
              data-testid="ordered-again"
            >
              Ordered again {shortDay(row.orderedAgain.on)}
            </span>
          ) : null}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {row.whatsappUrl ? <WhatsAppButton href={row.whatsappUrl} testId="whatsapp-buyer" /> : null}
        {/* so no one else writes to her again: the order's history keeps who did */}
        {row.messaged ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="messaged" />
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
              <Check size={16} aria-hidden="true" /> {busy ? "Saving..." : "Mark as messaged"}
            </button>
          </fetcher.Form>
        )}
        <Link to={`/viewpurchase/${row.id}`} className="btn-outline min-h-10 py-2">
          {row.sentWhen === "Last year" ? "Last year's order" : `Her order of ${row.sentFor.slice(0, 4)}`}
        </Link>
        {row.orderedAgain ? (
          <Link to={`/viewpurchase/${row.orderedAgain.id}`} className="btn-outline min-h-10 py-2">
            Her new order #{row.orderedAgain.number}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
