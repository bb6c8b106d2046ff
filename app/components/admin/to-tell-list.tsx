import { useFetcher } from "react-router";
import { type FormResult, useBusy } from "../../lib/forms";
import { useToastAnswer } from "../toasts";
import { WhatsAppButton } from "./whatsapp-button";
import { formatNigerianPhone } from "../../../lib/phone";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import type { ToTellView } from "../../../modules/marketing/back-in-stock-by-hand.server";

// docs/product.md "Back in stock", by hand: the shoppers to tell on WhatsApp that a product is back,
// above the inbox's messages. Each row's chat opens on her number with the words typed in.

export function ToTellList({ items, total }: { items: ToTellView[]; total: number }) {
  return (
    <section className="rounded-2xl border border-sage/40 bg-sage-soft p-4" aria-labelledby="to-tell-title">
      <h2 id="to-tell-title" className="font-display text-lg font-bold">
        Back in stock: tell {total === 1 ? "1 shopper" : `${total} shoppers`} on WhatsApp
      </h2>
      <p className="mt-1 text-sm text-muted">
        They asked to hear on WhatsApp when these products were back, and the shop could not message them itself. Message each one from the
        shop&apos;s WhatsApp: the button opens her chat with the words typed in.
      </p>
      <ul className="mt-3 grid gap-2" aria-label="Shoppers to tell">
        {items.map((r) => (
          <ToTellRow key={r.id} r={r} />
        ))}
      </ul>
      {total > items.length ? <p className="mt-2 text-sm text-muted">{total - items.length} more show as you tell these.</p> : null}
    </section>
  );
}

function ToTellRow({ r }: { r: ToTellView }) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  useToastAnswer(fetcher.data);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-cream p-3" data-testid="to-tell">
      <div className="min-w-0">
        <p className="font-semibold">
          <a href={`/productdetails/${r.productId}`} className="underline">
            {r.title}
          </a>{" "}
          <span className="whitespace-nowrap font-normal">for {formatNigerianPhone(r.phone)}</span>
        </p>
        <p className="text-xs text-muted">
          Asked {lagosDayTime(new Date(r.askedAt), "short")} · back {lagosDayTime(new Date(r.backAt), "short")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <WhatsAppButton href={r.chatUrl} testId="tell-whatsapp" />
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="told" />
          <input type="hidden" name="id" value={r.id} />
          <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
            Mark as told
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
