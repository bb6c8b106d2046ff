import { Form, useNavigation } from "react-router";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import type { PurchaseView } from "../../../modules/orders/types";
import { startingValues, type FormResult } from "../../lib/forms";
import { Field, FormMessage } from "../forms/fields";

/**
 * "I have sent it" under the shop's account on her order's page (docs/product.md "Paying"): the
 * amount and the name on the account she sent from, so the team finds it at once. Once told, what
 * she told; she may tell a second transfer. A plain form: it works before the page's script runs.
 */
export function TransferSentForm({
  order,
  token,
  answer,
}: {
  order: Pick<PurchaseView, "id" | "leftToPay" | "transferSent">;
  token: string | null;
  answer: FormResult | null;
}) {
  const busy = useNavigation().formData?.get("intent") === "transfer-sent";
  const { text } = startingValues(answer ?? undefined, "transfer-sent");
  const errors = answer?.fields ?? {};
  const sent = order.transferSent;
  const form = (
    <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="transfer-sent-form">
      <input type="hidden" name="intent" value="transfer-sent" />
      <input type="hidden" name="purchaseId" value={order.id} />
      {token ? <input type="hidden" name="t" value={token} /> : null}
      <Field
        label="Amount you sent (₦)"
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        defaultValue={text("amount", String(order.leftToPay))}
        error={errors.amount}
      />
      <Field
        label="Name on the account you sent from"
        name="from"
        maxLength={80}
        defaultValue={text("from", "")}
        error={errors.from}
        hint="As your bank shows it to us"
      />
      <Field
        label="Picture of your receipt (optional)"
        name="receipt"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        error={errors.receipt}
        hint="A screenshot from your bank's app helps us find it faster. Only our team sees it."
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending..." : "I have sent it"}
        </button>
      </div>
    </Form>
  );
  return (
    <div className="mt-4 border-t border-rose/30 pt-4" data-testid="transfer-sent">
      {answer?.msg && !Object.keys(errors).length ? (
        <div className="mb-3">
          <FormMessage tone={answer.ok ? "success" : "error"}>{answer.msg}</FormMessage>
        </div>
      ) : null}
      {sent ? (
        <>
          <p className="text-sm" data-testid="transfer-sent-words">
            You told us you sent <strong>{formatNairaAmount(sent.amount)}</strong> from the account of <strong>{sent.from}</strong> on{" "}
            {lagosDayTime(new Date(sent.at))}
            {sent.receipt ? ", with the picture of your receipt" : ""}. We are checking our account and will confirm your order by email.
          </p>
          <details className="mt-2 text-sm" open={!!answer && !answer.ok}>
            <summary className="cursor-pointer font-semibold text-rose-dark">Sent another transfer?</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          <p className="font-semibold">Sent the transfer? Tell us, and we will look for it at once.</p>
          {form}
        </>
      )}
    </div>
  );
}
