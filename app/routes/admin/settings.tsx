import { Download } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Field, fieldProps } from "../../components/admin/field";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { formAction, readForm } from "../../lib/form-action.server";
import { requireAdminPage } from "../../lib/guards.server";
import { zodFields } from "../../../lib/errors";
import { recentMessages, recentSubscribers } from "../../../modules/marketing/inbox.server";
import { FEE_STEP_NAIRA, fromSettingsInput, shopSettingsInput, toSettingsView } from "../../../modules/settings/schemas";
import { getSettings, updateSettings } from "../../../modules/settings/service.server";
import type { Route } from "./+types/settings";

export const meta = () => [{ title: "Settings | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const [settings, subscribers, messages] = await Promise.all([getSettings(db), recentSubscribers(db), recentMessages(db)]);
  return { settings: toSettingsView(settings), subscribers, messages };
}

const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? Number.NaN : Number(v));

/** The form shows naira and percent; the settings keep kobo and fractions (same schema as PUT /api/settings). */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context, request);
  return formAction(async () => {
    const form = await readForm(request);
    const parsed = shopSettingsInput.safeParse({
      shopName: String(form.get("shopName") ?? ""),
      contactEmail: String(form.get("contactEmail") ?? ""),
      contactPhone: String(form.get("contactPhone") ?? ""),
      contactAddress: String(form.get("contactAddress") ?? ""),
      vatRate: num(form.get("vatRate")) / 100,
      usdRate: num(form.get("usdRate")),
      standardDeliveryFee: num(form.get("standardDeliveryFee")),
      expressSurcharge: num(form.get("expressSurcharge")),
      // blank (or a form from before the field) is off
      freeDeliveryAbove: String(form.get("freeDeliveryAbove") ?? "").trim() ? num(form.get("freeDeliveryAbove")) : 0,
      lowStockThreshold: num(form.get("lowStockThreshold")),
      maxLineQuantity: num(form.get("maxLineQuantity")),
    });
    if (!parsed.success) return data({ ok: false as const, fields: zodFields(parsed.error) }, { status: 400 });
    await updateSettings(context.get(appContext).db, fromSettingsInput(parsed.data));
    return { ok: true as const, fields: {} as Record<string, string> };
  });
}

const when = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "Africa/Lagos" });

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings: s, subscribers, messages } = loaderData;
  const errors: Record<string, string> = actionData?.fields ?? {};
  const saving = useNavigation().state === "submitting";
  const input = (name: keyof typeof s, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input {...fieldProps(name, errors[name])} className="input" {...props} />
  );
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader title="Settings" />
      <Form method="post" className="grid gap-4 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-2 sm:p-6">
        {actionData?.ok ? (
          <p role="status" className="rounded-xl bg-sage-soft px-4 py-3 text-sm font-semibold text-sage sm:col-span-2">
            Settings saved.
          </p>
        ) : null}
        <h2 className="text-lg sm:col-span-2">Shop and contact (shown on /contact and in mails)</h2>
        <Field name="shopName" label="Shop name" error={errors.shopName}>
          {input("shopName", { defaultValue: s.shopName, required: true })}
        </Field>
        <Field name="contactEmail" label="Contact email" error={errors.contactEmail}>
          {input("contactEmail", { defaultValue: s.contactEmail, type: "email", required: true })}
        </Field>
        <Field name="contactPhone" label="Phone" error={errors.contactPhone}>
          {input("contactPhone", { defaultValue: s.contactPhone, type: "tel", required: true })}
        </Field>
        <Field name="contactAddress" label="Address" error={errors.contactAddress}>
          {input("contactAddress", { defaultValue: s.contactAddress, required: true })}
        </Field>
        <h2 className="mt-2 text-lg sm:col-span-2">Prices and delivery</h2>
        <Field name="vatRate" label="VAT rate (%)" error={errors.vatRate}>
          {input("vatRate", { defaultValue: String(Math.round(s.vatRate * 10000) / 100), type: "number", step: "0.01", min: 0, max: 100 })}
        </Field>
        <Field name="usdRate" label="USD display rate (per ₦1)" error={errors.usdRate} hint="Display only: payment is always in naira.">
          {input("usdRate", { defaultValue: String(s.usdRate), type: "number", step: "0.00001", min: 0 })}
        </Field>
        <Field
          name="standardDeliveryFee"
          label="Standard delivery fee (₦)"
          error={errors.standardDeliveryFee}
          hint="Charged only while no delivery areas are set up under LGA."
        >
          {input("standardDeliveryFee", {
            defaultValue: String(s.standardDeliveryFee),
            type: "number",
            step: FEE_STEP_NAIRA,
            min: 0,
          })}
        </Field>
        <Field name="expressSurcharge" label="Express surcharge (₦)" error={errors.expressSurcharge}>
          {input("expressSurcharge", {
            defaultValue: String(s.expressSurcharge),
            type: "number",
            step: FEE_STEP_NAIRA,
            min: 0,
          })}
        </Field>
        <Field
          name="freeDeliveryAbove"
          label="Free delivery above (₦)"
          error={errors.freeDeliveryAbove}
          hint="Delivery is free once the goods, after any discount code, reach this amount. Empty or 0: off."
        >
          {input("freeDeliveryAbove", {
            defaultValue: String(s.freeDeliveryAbove),
            type: "number",
            step: FEE_STEP_NAIRA,
            min: 0,
          })}
        </Field>
        <Field name="lowStockThreshold" label="Low-stock threshold" error={errors.lowStockThreshold}>
          {input("lowStockThreshold", { defaultValue: String(s.lowStockThreshold), type: "number", step: "1", min: 0 })}
        </Field>
        <Field
          name="maxLineQuantity"
          label="Quantity limit per product"
          error={errors.maxLineQuantity}
          hint="The most units of one product a shopper can put in her cart and order at once."
        >
          {input("maxLineQuantity", { defaultValue: String(s.maxLineQuantity), type: "number", step: "1", min: 1, max: 999 })}
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Save Settings"}
          </button>
        </div>
      </Form>

      <section className="rounded-2xl border border-line bg-linen p-4 sm:p-6" aria-labelledby="subs-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="subs-title" className="text-lg">
            Newsletter subscribers ({subscribers.total})
          </h2>
          <a href="/api/settings/subscribers.csv" className="btn-outline min-h-10 py-2" download>
            <Download size={16} aria-hidden="true" /> Export CSV
          </a>
        </div>
        <ul className="divide-y divide-line text-sm">
          {subscribers.items.length === 0 ? <li className="py-2 text-muted">No subscribers yet</li> : null}
          {subscribers.items.map((x) => (
            <li key={x.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="break-all font-semibold">{x.email}</span>
              <span className="text-muted">
                {x.name ? `${x.name} · ` : ""}
                {x.source} · {when(x.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="rounded-2xl border border-line bg-linen p-4 sm:p-6" aria-labelledby="msgs-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="msgs-title" className="text-lg">
            Contact messages ({messages.total})
          </h2>
          <a href="/api/settings/messages.csv" className="btn-outline min-h-10 py-2" download>
            <Download size={16} aria-hidden="true" /> Export CSV
          </a>
        </div>
        <ul className="divide-y divide-line text-sm">
          {messages.items.length === 0 ? <li className="py-2 text-muted">No messages yet</li> : null}
          {messages.items.map((m) => (
            <li key={m.id} className="py-2">
              <p className="font-semibold">
                {m.name}{" "}
                <span className="break-all font-normal text-muted">
                  &lt;{m.email}&gt; · {when(m.createdAt)}
                </span>
              </p>
              <p className="whitespace-pre-line">{m.message}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
