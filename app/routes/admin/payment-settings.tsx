import { data, Form, Link, useNavigation } from "react-router";
import { Field, fieldProps } from "../../components/admin/field";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { formAction, readForm } from "../../lib/form-action.server";
import { requireAdminPage } from "../../lib/guards.server";
import { zodFields } from "../../../lib/errors";
import { koboToNaira, nairaToKobo } from "../../../lib/money";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { channelLabels, paystackChannels } from "../../../modules/settings/payment-schemas";
import { paymentSettingsSchema } from "../../../modules/settings/schemas";
import { getSettings, updateSettings } from "../../../modules/settings/service.server";
import type { Route } from "./+types/payment-settings";

export const meta = () => [{ title: "Payments | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const [settings, areas] = await Promise.all([getSettings(db), deliveryAreaNames(db)]);
  return { settings, areas };
}

const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? Number.NaN : Number(v));
const ticked = (form: FormData, name: string) => form.get(name) === "on";

/** How shoppers may pay (docs/product.md "Paying"): the form shows naira, the settings keep kobo. */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context, request);
  return formAction(async () => {
    const form = await readForm(request);
    const parsed = paymentSettingsSchema.safeParse({
      paymentChannels: form.getAll("paymentChannels").map(String),
      transferEnabled: ticked(form, "transferEnabled"),
      bankName: String(form.get("bankName") ?? ""),
      accountName: String(form.get("accountName") ?? ""),
      accountNumber: String(form.get("accountNumber") ?? ""),
      transferHours: num(form.get("transferHours")),
      transferReminderHours: num(form.get("transferReminderHours")),
      podEnabled: ticked(form, "podEnabled"),
      podAreas: form.getAll("podAreas").map(String),
      podMaxOrderKobo: nairaToKobo(num(form.get("podMaxOrder"))),
      podReturningOnly: ticked(form, "podReturningOnly"),
    });
    if (!parsed.success) {
      const fields = zodFields(parsed.error);
      if (fields.podMaxOrderKobo) fields.podMaxOrder = fields.podMaxOrderKobo;
      return data({ ok: false as const, fields }, { status: 400 });
    }
    await updateSettings(context.get(appContext).db, parsed.data);
    return { ok: true as const, fields: {} as Record<string, string> };
  });
}

export default function PaymentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings: s, areas } = loaderData;
  const errors: Record<string, string> = (actionData as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const saved = (actionData as { ok?: boolean } | undefined)?.ok;
  const saving = useNavigation().state === "submitting";
  const box = "flex min-h-11 items-center gap-3";
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title="Payments" />
      <p className="text-sm text-muted">
        How shoppers can pay at checkout. Shop details, VAT and delivery fees are under{" "}
        <Link to="/settings" className="font-semibold text-rose underline">
          Settings
        </Link>
        .
      </p>
      <Form method="post" className="grid gap-6 rounded-2xl border border-line bg-linen p-4 sm:p-6">
        {saved ? (
          <p role="status" className="rounded-xl bg-sage-soft px-4 py-3 text-sm font-semibold text-sage">
            Payment settings saved.
          </p>
        ) : null}
        <fieldset>
          <legend className="text-lg font-bold">Paying online (Paystack)</legend>
          <p className="mt-1 text-sm text-muted">The ways Paystack's page offers. The checkout names them before she pays.</p>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {paystackChannels.map((c) => (
              <label key={c} className={box}>
                <input
                  type="checkbox"
                  name="paymentChannels"
                  value={c}
                  defaultChecked={s.paymentChannels.includes(c)}
                  className="h-5 w-5 accent-rose"
                />
                {channelLabels[c]}
              </label>
            ))}
          </div>
          {errors.paymentChannels ? <p className="mt-1 text-sm font-semibold text-rose">{errors.paymentChannels}</p> : null}
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="text-lg font-bold">Bank transfer to the shop's account</legend>
          <label className={`${box} sm:col-span-2`}>
            <input type="checkbox" name="transferEnabled" defaultChecked={s.transferEnabled} className="h-5 w-5 accent-rose" />
            Offer bank transfer at checkout
          </label>
          <Field name="bankName" label="Bank" error={errors.bankName}>
            <input {...fieldProps("bankName", errors.bankName)} className="input" defaultValue={s.bankName} maxLength={80} />
          </Field>
          <Field name="accountName" label="Account name" error={errors.accountName}>
            <input {...fieldProps("accountName", errors.accountName)} className="input" defaultValue={s.accountName} maxLength={120} />
          </Field>
          <Field name="accountNumber" label="Account number" error={errors.accountNumber}>
            <input
              {...fieldProps("accountNumber", errors.accountNumber)}
              className="input"
              defaultValue={s.accountNumber}
              inputMode="numeric"
              maxLength={10}
            />
          </Field>
          <Field name="transferHours" label="Hours to transfer" error={errors.transferHours} hint="The order holds its items this long.">
            <input
              {...fieldProps("transferHours", errors.transferHours)}
              className="input"
              type="number"
              min={1}
              max={168}
              defaultValue={s.transferHours}
            />
          </Field>
          <Field
            name="transferReminderHours"
            label="Reminder before it lapses (hours)"
            error={errors.transferReminderHours}
            hint="0: no reminder."
          >
            <input
              {...fieldProps("transferReminderHours", errors.transferReminderHours)}
              className="input"
              type="number"
              min={0}
              max={167}
              defaultValue={s.transferReminderHours}
            />
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="text-lg font-bold">Pay on delivery</legend>
          <label className={`${box} sm:col-span-2`}>
            <input type="checkbox" name="podEnabled" defaultChecked={s.podEnabled} className="h-5 w-5 accent-rose" />
            Offer pay on delivery (the rider collects cash, transfer or POS)
          </label>
          <Field name="podMaxOrder" label="Largest order paid on delivery (₦)" error={errors.podMaxOrder}>
            <input
              {...fieldProps("podMaxOrder", errors.podMaxOrder)}
              className="input"
              type="number"
              min={0}
              step="0.01"
              defaultValue={koboToNaira(s.podMaxOrderKobo)}
            />
          </Field>
          <label className={`${box} sm:self-end`}>
            <input type="checkbox" name="podReturningOnly" defaultChecked={s.podReturningOnly} className="h-5 w-5 accent-rose" />
            Only customers with an earlier paid order
          </label>
          <div className="sm:col-span-2">
            <p className="label">Areas (none ticked: every area)</p>
            <div className="grid gap-1 sm:grid-cols-3">
              {areas.map((a) => (
                <label key={a} className={box}>
                  <input
                    type="checkbox"
                    name="podAreas"
                    value={a}
                    defaultChecked={s.podAreas.includes(a)}
                    className="h-5 w-5 accent-rose"
                  />
                  {a}
                </label>
              ))}
            </div>
          </div>
        </fieldset>
        <div>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Save payment settings"}
          </button>
        </div>
      </Form>
    </div>
  );
}
