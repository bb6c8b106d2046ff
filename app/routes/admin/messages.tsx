import { Download, Mail, ShoppingBag } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { ListFilters } from "../../components/admin/filters";
import { ListTab } from "../../components/admin/list-tab";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
import { WhatsAppButton } from "../../components/admin/whatsapp-button";
import { FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { parseForm, readForm } from "../../lib/form-action.server";
import { type FormResult, useBusy } from "../../lib/forms";
import { useToastAnswer } from "../../components/toasts";
import { requireAdminPage } from "../../lib/guards.server";
import { useOwner } from "../../lib/back-office";
import { readSearchParams } from "../../lib/search-params.server";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import { formatNigerianPhone } from "../../../lib/phone";
import {
  listMessages,
  markAllRead,
  markMessage,
  messageQuery,
  replyOnWhatsAppUrl,
  type MessageView,
} from "../../../modules/marketing/messages.server";
import { listToTell, markTold } from "../../../modules/marketing/back-in-stock-by-hand.server";
import { getSettings } from "../../../modules/settings/service.server";
import { publicOrigin } from "../../../lib/public-origin";
import { ToTellList } from "../../components/admin/to-tell-list";
import { adminAction } from "./admin-action.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/messages";

// docs/product.md "Messages": what shoppers wrote from /contact, the coaching page and /teamgifts, with a
// WhatsApp and a mail reply each, read marks that say who read it, and the unread count. Above
// them, the shoppers to tell by hand that a product is back ("Back in stock").

export const meta = () => [{ title: "Messages | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db, env } = context.get(appContext);
  const query = readSearchParams(request, messageQuery, ["q", "from", "to", "page", "show", "kind"]);
  const [list, shop] = await Promise.all([listMessages(db, query), getSettings(db)]);
  const toTell = await listToTell(db, { shopName: shop.shopName, origin: publicOrigin(env) });
  redirectPastLastPage(request, list.query, list.total);
  const items = list.items.map((m) => ({
    ...m,
    whatsappUrl: m.phone ? replyOnWhatsAppUrl(shop.shopName, { name: m.name, phone: m.phone }) : null,
    mailUrl: m.email ? `mailto:${m.email}?subject=${encodeURIComponent(`Your message to ${shop.shopName}`)}` : null,
  }));
  return { items, total: list.total, unread: list.unread, query: list.query, toTell };
}

const markInput = z.object({
  intent: z.enum(["read", "unread", "told"]),
  id: z.uuid({ error: "This message no longer exists. Please reload." }),
});

/** 'Mark as read', 'Mark as unread', 'Mark all as read' and a shopper's 'Mark as told': the same services as the API's. */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, user }): Promise<FormResult> => {
    if ((await readForm(args.request)).get("intent") === "readall") {
      const marked = await markAllRead(db, user);
      return { ok: true, msg: marked === 1 ? "1 message marked as read" : `${marked} messages marked as read` };
    }
    const { data } = await parseForm(args.request, markInput);
    if (data.intent === "told") {
      await markTold(db, data.id, user);
      return { ok: true, msg: "Marked as told" };
    }
    await markMessage(db, data.id, data.intent === "read", user);
    return { ok: true, msg: data.intent === "read" ? "Marked as read" : "Marked as unread" };
  });
}

const when = (iso: string) => lagosDayTime(new Date(iso), "short");

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, unread, query, toTell } = loaderData;
  const owner = useOwner();
  const readAll = useFetcher<FormResult>();
  useToastAnswer(readAll.data);
  const link = (change: Record<string, string>) => {
    const next = new URLSearchParams({ show: query.show, kind: query.kind, ...change });
    if (next.get("kind") === "any") next.delete("kind");
    return `/messages?${next.toString()}`;
  };
  const chip = (to: string, current: boolean, label: string) => (
    <ListTab to={to} current={current}>
      {label}
    </ListTab>
  );
  const answer = actionData as FormResult | undefined;
  return (
    <div className="grid max-w-4xl gap-4">
      <PageHeader title="Messages">
        {owner ? (
          <a href="/api/settings/messages.csv" className="btn-outline min-h-10 py-2" download>
            <Download size={16} aria-hidden="true" /> Export CSV
          </a>
        ) : null}
      </PageHeader>
      {/* a plain post's answer (the script not running yet): with it, a toast */}
      {answer ? <FormMessage tone={answer.ok ? "success" : "error"}>{answer.msg}</FormMessage> : null}
      {toTell.total > 0 ? <ToTellList items={toTell.items} total={toTell.total} /> : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div role="group" aria-label="Read or not" className="flex flex-wrap gap-2">
          {chip(link({ show: "unread" }), query.show === "unread", `Not read (${unread})`)}
          {chip(link({ show: "all" }), query.show === "all", "All")}
        </div>
        <div role="group" aria-label="From" className="flex flex-wrap gap-2">
          {chip(link({ kind: "any" }), query.kind === "any", "Any page")}
          {chip(link({ kind: "coaching" }), query.kind === "coaching", "Coaching requests")}
          {chip(link({ kind: "team_gifts" }), query.kind === "team_gifts", "Gifts for teams")}
          {chip(link({ kind: "message" }), query.kind === "message", "Contact form")}
        </div>
      </div>
      <ListFilters
        placeholder="Search name, email, phone or words..."
        q={query.q}
        clearTo={link({})}
        label="Search messages"
        keep={["show", "kind"]}
      />
      {unread > 0 && query.show === "unread" ? (
        <readAll.Form method="post" className="-mt-2">
          <input type="hidden" name="intent" value="readall" />
          <button type="submit" className="btn-outline min-h-10 py-2" disabled={readAll.state !== "idle"}>
            Mark all as read
          </button>
        </readAll.Form>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-linen p-6 text-center text-muted">
          {query.show === "unread" && !query.q ? "Nothing waiting: every message has been read." : "No messages found."}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Messages">
          {items.map((m) => (
            <MessageCard key={m.id} m={m} />
          ))}
        </ul>
      )}
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </div>
  );
}

function MessageCard({ m }: { m: MessageView & { whatsappUrl: string | null; mailUrl: string | null } }) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  useToastAnswer(fetcher.data);
  const unread = !m.readAt;
  return (
    <li className={`rounded-2xl border p-4 ${unread ? "border-rose/40 bg-linen" : "border-line bg-cream"}`} data-testid="message">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className={unread ? "font-bold" : "font-semibold"}>
            {m.name}
            {unread ? <span className="ml-2 rounded-full bg-rose px-2 py-0.5 text-xs font-semibold text-white">New</span> : null}
            {m.kind !== "message" ? (
              <span className="ml-2 rounded-full border border-sage/40 bg-sage-soft px-2 py-0.5 text-xs font-semibold text-sage">
                {m.kind === "coaching" ? "Coaching call" : "Gifts for a team"}
              </span>
            ) : null}
          </p>
          <p className="break-all text-sm text-muted">
            {m.email}
            {m.email && m.phone ? " · " : null}
            {m.phone ? <span className="whitespace-nowrap">{formatNigerianPhone(m.phone)}</span> : null}
          </p>
        </div>
        <p className="text-sm text-muted">{when(m.createdAt)}</p>
      </div>
      <p className="mt-2 whitespace-pre-line break-words">{m.message}</p>
      {m.readAt ? (
        <p className="mt-2 text-xs text-muted">
          Read{m.readBy ? ` by ${m.readBy}` : ""} · {when(m.readAt)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {m.whatsappUrl ? <WhatsAppButton href={m.whatsappUrl} testId="reply-whatsapp" /> : null}
        {m.mailUrl ? (
          <a href={m.mailUrl} className="btn-outline min-h-10 py-2" data-testid="reply-mail">
            <Mail size={16} aria-hidden="true" /> Reply by mail
          </a>
        ) : null}
        {/* her order, taken in the chat: the order desk opens with her found by her number or email */}
        <Link to={`/neworder?lookup=${encodeURIComponent(m.phone ?? m.email ?? "")}`} className="btn-outline min-h-10 py-2">
          <ShoppingBag size={16} aria-hidden="true" /> New order
        </Link>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={unread ? "read" : "unread"} />
          <input type="hidden" name="id" value={m.id} />
          <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
            {unread ? "Mark as read" : "Mark as unread"}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
