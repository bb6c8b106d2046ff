import { useIntentForm } from "../../components/forms/intent-form";
import { Mail } from "lucide-react";
import { counted } from "../../../lib/counted";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { AboutHer } from "../../components/admin/about-her";
import { ListFilters } from "../../components/admin/filters";
import { ListTab } from "../../components/admin/list-tab";
import { StoppedWhatsApp, WhatsAppButton } from "../../components/admin/whatsapp-button";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
import { Field } from "../../components/forms/fields";
import { appContext } from "../../context";
import { parseForm, readForm } from "../../lib/form-action.server";
import { type FormResult, useBusy } from "../../lib/forms";
import { useToastAnswer } from "../../components/toasts";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { AppError } from "../../../lib/errors";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import { formatNigerianPhone } from "../../../lib/phone";
import { customerNotesFor } from "../../../modules/orders/customer-notes.server";
import {
  getReminderSettings,
  listUnpaidCheckouts,
  mailReminderNow,
  setReminderCode,
  unpaidCheckoutQuery,
  type UnpaidCheckoutRow,
} from "../../../modules/orders/unpaid-checkouts.server";
import { adminAction, ownerOnly } from "./admin-action.server";
import { useOwner } from "../../lib/back-office";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/unpaidcheckouts";

// docs/product.md "Unpaid checkouts": each shopper's unpaid checkout with a WhatsApp and a mail
// button, what the reminders won back, and the second reminder's discount code.

export const meta = () => [{ title: "Unpaid checkouts | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db, env } = context.get(appContext);
  const query = readSearchParams(request, unpaidCheckoutQuery, ["q", "from", "to", "page", "show"]);
  const [list, reminders] = await Promise.all([listUnpaidCheckouts(db, env, query), getReminderSettings(db)]);
  redirectPastLastPage(request, query, list.total);
  // the team's notes about these customers (docs/product.md "Notes about a customer"), one query for the page
  const notes = await customerNotesFor(
    db,
    list.items.map((row) => row.phone),
  );
  const items = list.items.map((row) => ({ ...row, aboutHer: notes.get(row.phone) ?? null }));
  return { ...list, items, query, reminders };
}

const remindInput = z.object({ intent: z.literal("remind"), id: z.uuid({ error: "This checkout no longer exists. Please reload." }) });
const codeInput = z.object({ intent: z.literal("code"), secondReminderCode: z.string().max(40).optional() });

/** 'Mail' on a row, and the second reminder's code: the same services as the API's. */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, env, user }): Promise<FormResult> => {
    const intent = (await readForm(args.request)).get("intent");
    if (intent === "remind") {
      const { data } = await parseForm(args.request, remindInput);
      await mailReminderNow(db, env, data.id);
      return { ok: true, msg: "Reminder mailed" };
    }
    if (intent === "code") {
      ownerOnly(user);
      const { data } = await parseForm(args.request, codeInput);
      const saved = await setReminderCode(db, { secondReminderCode: data.secondReminderCode ?? "" });
      return {
        ok: true,
        msg: saved.secondReminderCode
          ? `The 24-hour reminder now offers ${saved.secondReminderCode}`
          : "The 24-hour reminder offers no code",
      };
    }
    throw new AppError("invalid", "Unknown action.");
  });
}

const when = (iso: string) => lagosDayTime(new Date(iso), "short");

const stateWords: Record<UnpaidCheckoutRow["state"], { text: string; style: string }> = {
  waiting: { text: "Paying now", style: "border-amber-300 bg-amber-100 text-amber-900" },
  unpaid: { text: "Not paid", style: "border-gray-300 bg-gray-100 text-gray-700" },
  recovered: { text: "Recovered", style: "border-sage/40 bg-sage-soft text-sage" },
};

export default function UnpaidCheckouts({ loaderData }: Route.ComponentProps) {
  const { items, total, summary, query, reminders } = loaderData;
  const owner = useOwner();
  const tab = (show: "unpaid" | "recovered", label: string) => (
    <ListTab to={`/unpaidcheckouts?show=${show}`} current={query.show === show}>
      {label}
    </ListTab>
  );
  return (
    <div className="grid max-w-5xl gap-4">
      <PageHeader title="Unpaid checkouts" />
      <section className="grid gap-3 sm:grid-cols-2" aria-label="Figures">
        <div className="rounded-2xl border border-line bg-linen p-4">
          <p className="text-sm text-muted">Not paid, last 7 days</p>
          <p className="text-2xl font-bold" data-testid="unpaid-total">
            {formatNairaAmount(summary.unpaid)}
          </p>
          <p className="text-sm text-muted">{counted(summary.unpaidCount, "checkout")}</p>
        </div>
        <div className="rounded-2xl border border-sage/40 bg-sage-soft p-4">
          <p className="text-sm text-muted">Recovered by reminders, last 30 days</p>
          <p className="text-2xl font-bold text-sage" data-testid="recovered-total">
            {formatNairaAmount(summary.recovered)}
          </p>
          <p className="text-sm text-muted">{counted(summary.recoveredCount, "order")} paid after a reminder</p>
        </div>
      </section>
      {/* which discount code the reminders give away is the owner's */}
      {owner ? <ReminderCode code={reminders.secondReminderCode} /> : null}
      <div className="flex flex-wrap gap-2">
        {tab("unpaid", "Not paid")}
        {tab("recovered", "Recovered")}
      </div>
      <ListFilters
        placeholder="Search name, email or phone..."
        hint="Also finds a checkout by its order number (#1f53d6b3) or its payment reference."
        q={query.q}
        clearTo={`/unpaidcheckouts?show=${query.show}`}
        label="Search checkouts"
        keep={["show"]}
      />
      {items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-linen p-6 text-center text-muted">
          {query.show === "unpaid" ? "No unpaid checkouts. Every shopper paid or was reminded." : "Nothing recovered yet."}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Checkouts">
          {items.map((row) => (
            <CheckoutCard key={row.id} row={row} />
          ))}
        </ul>
      )}
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </div>
  );
}

function CheckoutCard({ row }: { row: UnpaidCheckoutRow & { aboutHer: string | null } }) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  useToastAnswer(fetcher.data);
  const state = stateWords[row.state];
  return (
    <li className="rounded-2xl border border-line bg-linen p-4" data-testid="unpaid-checkout">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            {row.name} <span className="text-sm font-normal text-muted">· order #{row.number}</span>
          </p>
          <p className="break-all text-sm text-muted">
            {formatNigerianPhone(row.phone)} · {row.email}
          </p>
          <p className="text-sm text-muted">
            {when(row.createdAt)} ·{" "}
            {row.remindersSent === 0 ? "no reminder yet" : `${row.remindersSent} reminder${row.remindersSent > 1 ? "s" : ""} sent`}
            {row.optedOut ? " · asked for no more reminders" : ""}
          </p>
          {row.whatsappStopped ? <StoppedWhatsApp testId="unpaid-whatsapp-stopped" /> : null}
          <AboutHer note={row.aboutHer} testId="unpaid-customer-note" />
        </div>
        <div className="text-right">
          <p className="text-lg font-bold">{formatNairaAmount(row.total)}</p>
          <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${state.style}`}>{state.text}</span>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {row.whatsappUrl ? <WhatsAppButton href={row.whatsappUrl} testId="whatsapp-shopper" /> : null}
        {row.state !== "recovered" && !row.optedOut ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="remind" />
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
              <Mail size={16} aria-hidden="true" /> {busy ? "Sending..." : "Mail"}
            </button>
          </fetcher.Form>
        ) : null}
        <Link to={`/viewpurchase/${row.id}`} className="btn-outline min-h-10 py-2">
          View order
        </Link>
      </div>
    </li>
  );
}

function ReminderCode({ code }: { code: string | null }) {
  // the fetcher's answer, or the page's for a plain post (no script yet): the message and the code typed
  const { fetcher, answer, busy, start } = useIntentForm("code");
  const error = answer && !answer.ok ? (answer.fields?.secondReminderCode ?? answer.msg) : undefined;
  const { text } = start;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2 rounded-2xl border border-line bg-cream p-4">
      <input type="hidden" name="intent" value="code" />
      <p className="w-full text-sm">
        Shoppers get a mail 30 minutes after an unpaid checkout and another after 24 hours. The second one can offer one of your discount
        codes.
      </p>
      <Field
        label="Code in the 24-hour reminder"
        name="secondReminderCode"
        defaultValue={text("secondReminderCode", code ?? "")}
        maxLength={40}
        hint="Leave empty for none"
        error={error}
        className="min-w-48 flex-1"
      />
      <button type="submit" className="btn-primary min-h-10 py-2" disabled={busy}>
        {busy ? "Saving..." : "Save"}
      </button>
    </fetcher.Form>
  );
}
