import { Form, Link } from "react-router";
import { PageHeader } from "../../components/admin/table-parts";
import { Field, FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { readForm } from "../../lib/form-action.server";
import { type FormResult, startingValues, useBusy } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { AppError, zodFields } from "../../../lib/errors";
import { koboToNaira, nairaToKobo } from "../../../lib/money";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { channelLabels, paystackChannels } from "../../../modules/settings/payment-schemas";
import { paymentSettingsSchema } from "../../../modules/settings/schemas";
import { getSettings, updateSettings } from "../../../modules/settings/service.server";
import { adminAction } from "./admin-action.server";
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
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db }): Promise<FormResult> => {
    const form = await readForm(args.request);
    const parsed = paymentSettingsSchema.partial({ payLinkHours: true }).safeParse({
      paymentChannels: form.getAll("paymentChannels").map(String),
      transferEnabled: ticked(form, "transferEnabled"),
      bankName: String(form.get("bankName") ?? ""),
      accountName: String(form.get("accountName") ?? ""),
      accountNumber: String(form.get("accountNumber") ?? ""),
      transferHours: num(form.get("transferHours")),
      transferReminderHours: num(form.get("transferReminderHours")),
      // a form from before the field leaves it as it is
      ...(form.has("payLinkHours") ? { payLinkHours: num(form.get("payLinkHours")) } : {}),
      podEnabled: ticked(form, "podEnabled"),
      podAreas: form.getAll("podAreas").map(String),
      podMaxOrderKobo: nairaToKobo(num(form.get("podMaxOrder"))),
      podReturningOnly: ticked(form, "podReturningOnly"),
    });
    if (!parsed.success) {
      const { podMaxOrderKobo, ...fields } = zodFields(parsed.error);
      throw new AppError("invalid", "Please check the highlighted fields.", {
        fields: { ...fields, ...(podMaxOrderKobo ? { podMaxOrder: podMaxOrderKobo } : {}) },
      });
    }
    await updateSettings(db, parsed.data);
    return { ok: true, msg: "Payment settings saved." };
  });
}

export default function PaymentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings: s, areas } = loaderData;
  const errors: Record<string, string> = actionData?.fields ?? {};
  const saving = useBusy();
  // the saved settings, or what a refused form sent when the page is drawn again without its script
  const { text, list, ticked } = startingValues(actionData);
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
        <FormMessage tone={actionData?.ok ? "success" : "error"}>{actionData?.msg}</FormMessage>
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
                  defaultChecked={list("paymentChannels", s.paymentChannels).includes(c)}
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
            <input
              type="checkbox"
              name="transferEnabled"
              defaultChecked={ticked("transferEnabled", s.transferEnabled)}
              className="h-5 w-5 accent-rose"
            />
            Offer bank transfer at checkout
          </label>
          <Field label="Bank" name="bankName" error={errors.bankName} defaultValue={text("bankName", s.bankName)} maxLength={80} />
          <Field
            label="Account name"
            name="accountName"
            error={errors.accountName}
            defaultValue={text("accountName", s.accountName)}
            maxLength={120}
          />
          <Field
            label="Account number"
            name="accountNumber"
            error={errors.accountNumber}
            defaultValue={text("accountNumber", s.accountNumber)}
            inputMode="numeric"
            maxLength={10}
          />
          <Field
            label="Hours to transfer"
            name="transferHours"
            error={errors.transferHours}
            hint="The order holds its items this long."
            type="number"
            min={1}
            max={168}
            defaultValue={text("transferHours", String(s.transferHours))}
          />
          <Field
            label="Reminder before it lapses (hours)"
            name="transferReminderHours"
            error={errors.transferReminderHours}
            hint="0: no reminder."
            type="number"
            min={0}
            max={167}
            defaultValue={text("transferReminderHours", String(s.transferReminderHours))}
          />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="text-lg font-bold">Ask someone to pay</legend>
          <Field
            label="Hours a payment link works"
            name="payLinkHours"
            error={errors.payLinkHours}
            hint="Always offered: she sends the link to whoever pays. The order holds its items this long."
            type="number"
            min={1}
            max={168}
            defaultValue={text("payLinkHours", String(s.payLinkHours))}
          />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="text-lg font-bold">Pay on delivery</legend>
          <label className={`${box} sm:col-span-2`}>
            <input type="checkbox" name="podEnabled" defaultChecked={ticked("podEnabled", s.podEnabled)} className="h-5 w-5 accent-rose" />
            Offer pay on delivery (the rider collects cash, transfer or POS)
          </label>
          <Field
            label="Largest order paid on delivery (₦)"
            name="podMaxOrder"
            error={errors.podMaxOrder}
            type="number"
            min={0}
            step="0.01"
            defaultValue={text("podMaxOrder", String(koboToNaira(s.podMaxOrderKobo)))}
          />
          <label className={`${box} sm:self-end`}>
            <input
              type="checkbox"
              name="podReturningOnly"
              defaultChecked={ticked("podReturningOnly", s.podReturningOnly)}
              className="h-5 w-5 accent-rose"
            />
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
                    defaultChecked={list("podAreas", s.podAreas).includes(a)}
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
