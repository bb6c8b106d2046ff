import { Download } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { PageHeader } from "../../components/admin/table-parts";
import { Field, FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { publicOrigin } from "../../../lib/public-origin";
import { CopyButton } from "../../components/copy-button";
import { readForm } from "../../lib/form-action.server";
import { type FormResult, startingValues, useBusy } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { fromZod } from "../../../lib/errors";
import { formatNigerianPhone } from "../../../lib/phone";
import { recentSubscribers } from "../../../modules/marketing/inbox.server";
import { contactLinkKeys } from "../../../modules/settings/contact-link-schemas";
import { NOTICE_MAX, noticeState, shopNoticeKeys } from "../../../modules/settings/shop-notice";
import { defaultPickup } from "../../../modules/settings/pickup-points";
import {
  FEE_STEP_NAIRA,
  fromSettingsInput,
  hourWords,
  shopSettingsInput,
  SUMMARY_HOURS,
  toSettingsView,
} from "../../../modules/settings/schemas";
import { getSettings, updateSettings } from "../../../modules/settings/service.server";
import { adminAction } from "./admin-action.server";
import type { Route } from "./+types/settings";

export const meta = () => [{ title: "Settings | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db, env } = context.get(appContext);
  const [settings, subscribers] = await Promise.all([getSettings(db), recentSubscribers(db)]);
  return {
    settings: toSettingsView(settings),
    subscribers,
    feedUrl: `${publicOrigin(env)}/feeds/products.xml`,
    // docs/product.md "Note to shoppers": whether they see it today, read in Lagos by the server
    noticeNow: noticeState(settings, new Date()),
  };
}

const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? Number.NaN : Number(v));
/** The form's fields left as they are when it does not send them (a form from before them). */
const keptWhenAbsent = [...contactLinkKeys, ...shopNoticeKeys, ...(Object.keys(defaultPickup) as (keyof typeof defaultPickup)[])];
const textFieldsOf = (form: FormData) =>
  Object.fromEntries(keptWhenAbsent.flatMap((name) => (form.has(name) ? [[name, String(form.get(name))]] : [])));
const shopForm = shopSettingsInput.partial({
  ...(Object.fromEntries(keptWhenAbsent.map((n) => [n, true])) as Record<(typeof keptWhenAbsent)[number], true>),
  giftAddressForBuyer: true,
  morningSummary: true,
  morningSummaryHour: true,
  pickupReminderDays: true,
  staffPriceCutPercent: true,
});

/** The form shows naira and percent, as PUT /api/settings takes them (same schema); the settings keep kobo and fractions. */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db }): Promise<FormResult> => {
    const form = await readForm(args.request);
    const parsed = shopForm.safeParse({
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
      ...textFieldsOf(form),
      ...(form.has("giftAddressForBuyer") ? { giftAddressForBuyer: String(form.get("giftAddressForBuyer")) } : {}),
      // the box, when ticked, sends "true" before its hidden "false" (a form from before the field changes nothing)
      ...(form.has("morningSummary") ? { morningSummary: form.get("morningSummary") === "true" } : {}),
      ...(form.has("morningSummaryHour") ? { morningSummaryHour: num(form.get("morningSummaryHour")) } : {}),
      ...(form.has("pickupReminderDays") ? { pickupReminderDays: num(form.get("pickupReminderDays")) } : {}),
      ...(form.has("staffPriceCutPercent") ? { staffPriceCutPercent: num(form.get("staffPriceCutPercent")) } : {}),
    });
    if (!parsed.success) throw fromZod(parsed.error);
    await updateSettings(db, fromSettingsInput(parsed.data));
    return { ok: true, msg: "Settings saved." };
  });
}

const socialFields = [
  { name: "instagramUrl", label: "Instagram link", placeholder: "https://www.instagram.com/…" },
  { name: "facebookUrl", label: "Facebook link", placeholder: "https://www.facebook.com/…" },
  { name: "tiktokUrl", label: "TikTok link", placeholder: "https://www.tiktok.com/@…" },
  { name: "xUrl", label: "X link", placeholder: "https://x.com/…" },
] as const;

const when = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "Africa/Lagos" });

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings: s, subscribers, feedUrl, noticeNow } = loaderData;
  const errors: Record<string, string> = actionData?.fields ?? {};
  const saving = useBusy();
  // the saved settings, or what a refused form sent when the page is drawn again without its script
  const { text, ticked } = startingValues(actionData);
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader title="Settings" />
      <Form method="post" className="grid gap-4 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-2 sm:p-6">
        {actionData?.msg ? (
          <div className="sm:col-span-2">
            <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.msg}</FormMessage>
          </div>
        ) : null}
        <h2 className="text-lg sm:col-span-2">Shop and contact (shown on /contact and in mails)</h2>
        <Field label="Shop name" name="shopName" error={errors.shopName} defaultValue={text("shopName", s.shopName)} required />
        <Field
          label="Contact email"
          name="contactEmail"
          error={errors.contactEmail}
          defaultValue={text("contactEmail", s.contactEmail)}
          type="email"
          required
        />
        <Field
          label="Phone"
          name="contactPhone"
          error={errors.contactPhone}
          defaultValue={text("contactPhone", s.contactPhone)}
          type="tel"
          required
        />
        <Field
          label="Address"
          name="contactAddress"
          error={errors.contactAddress}
          defaultValue={text("contactAddress", s.contactAddress)}
          required
        />
        <h2 className="mt-2 text-lg sm:col-span-2">WhatsApp and social links</h2>
        <Field
          // once saved, the field shows the number as the shop read it (+234 …)
          key={s.whatsappNumber}
          label="WhatsApp number"
          name="whatsappNumber"
          error={errors.whatsappNumber}
          defaultValue={text("whatsappNumber", s.whatsappNumber ? formatNigerianPhone(s.whatsappNumber) : "")}
          type="tel"
          hint="Shoppers ask about a product, their cart or their order on this number. Empty: no 'Ask on WhatsApp' links."
        />
        <Field
          key={`alert-${s.alertWhatsappNumber}`}
          label="Alerts number"
          name="alertWhatsappNumber"
          error={errors.alertWhatsappNumber}
          defaultValue={text("alertWhatsappNumber", s.alertWhatsappNumber ? formatNigerianPhone(s.alertWhatsappNumber) : "")}
          type="tel"
          hint="New orders and low stock come to this phone on WhatsApp, when the shop's WhatsApp sending is set up; by mail otherwise."
        />
        {socialFields.map((f) => (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            error={errors[f.name]}
            defaultValue={text(f.name, s[f.name])}
            type="url"
            placeholder={f.placeholder}
          />
        ))}
        <p className="-mt-2 text-sm text-muted sm:col-span-2">The footer shows an icon for each link given, and none for an empty one.</p>
        {/* docs/product.md "Product feed": the catalogue for the Instagram, Facebook and Google shops */}
        <div className="text-sm sm:col-span-2" data-testid="product-feed">
          <p className="font-semibold">Product feed for Instagram, Facebook and Google</p>
          <p className="mt-1 flex items-center gap-1 rounded-xl bg-white py-1 pl-2">
            <span className="min-w-0 flex-1 break-all font-mono text-xs">{feedUrl}</span>
            <CopyButton text={feedUrl} label="Copy feed address" />
          </p>
          <p className="mt-1 text-muted">
            Add this address as a scheduled data feed in Meta Commerce Manager or Google Merchant Center: your products, prices, sale prices
            and stock are read from it, and each change here shows at their next fetch.
          </p>
        </div>
        <h2 className="mt-2 text-lg sm:col-span-2">Note to shoppers</h2>
        {noticeNow ? (
          <p className="text-sm font-semibold sm:col-span-2" data-testid="notice-state">
            {noticeNow}
          </p>
        ) : null}
        <Field
          label="Note at the top of every page"
          name="noticeText"
          error={errors.noticeText}
          defaultValue={text("noticeText", s.noticeText)}
          maxLength={NOTICE_MAX}
          className="sm:col-span-2"
          placeholder="Order by 20 December for delivery before Christmas"
          hint="A holiday break, a delivery cut-off or a sale, in one line. Empty: no note."
        />
        <Field
          label="Show from"
          name="noticeFrom"
          error={errors.noticeFrom}
          defaultValue={text("noticeFrom", s.noticeFrom)}
          type="date"
          hint="Its first day (Lagos time), to set it up ahead. Empty: from now."
        />
        <Field
          label="Show until"
          name="noticeUntil"
          error={errors.noticeUntil}
          defaultValue={text("noticeUntil", s.noticeUntil)}
          type="date"
          hint="Its last day (Lagos time). Empty: until you remove it."
        />
        <Field
          label="Note's link"
          name="noticeLink"
          error={errors.noticeLink}
          defaultValue={text("noticeLink", s.noticeLink)}
          placeholder="/products or /?code=XMAS25"
          hint="A page of the shop the note opens, starting with /. Empty: no link."
          className="sm:col-span-2"
        />
        <h2 className="mt-2 text-lg sm:col-span-2">Gift orders</h2>
        <Field
          label="A gift's address on the buyer's order page"
          name="giftAddressForBuyer"
          error={errors.giftAddressForBuyer}
          className="sm:col-span-2"
          hint="What the buyer sees of the recipient's address when she follows her order (from /track or a mail). The shop always sees all of it."
        >
          {(control) => (
            <select {...control} defaultValue={text("giftAddressForBuyer", s.giftAddressForBuyer)}>
              <option value="area">Recipient's name and delivery area only</option>
              <option value="full">The full address and the recipient's phone</option>
            </select>
          )}
        </Field>
        <h2 className="mt-2 text-lg sm:col-span-2">Owner alerts</h2>
        <div className="sm:col-span-2">
          <label className="flex min-h-11 items-center gap-3 font-semibold">
            <input
              type="checkbox"
              name="morningSummary"
              value="true"
              defaultChecked={ticked("morningSummary", s.morningSummary, "true")}
              aria-describedby="morning-summary-hint"
              className="h-5 w-5 accent-rose"
            />
            Morning summary by mail
          </label>
          <input type="hidden" name="morningSummary" value="false" />
          <p id="morning-summary-hint" className="mt-1 text-sm text-muted">
            Every day at the hour below (Lagos time), to the contact email (or on WhatsApp to the Alerts number, when the shop sends
            WhatsApp messages): yesterday&apos;s paid orders, the orders to prepare, low stock, the messages to answer and the prices and
            stock the team changed.
          </p>
        </div>
        <Field label="Morning summary from" name="morningSummaryHour" error={errors.morningSummaryHour}>
          {(control) => (
            <select {...control} defaultValue={text("morningSummaryHour", String(s.morningSummaryHour))}>
              {SUMMARY_HOURS.map((h) => (
                <option key={h} value={h}>
                  {hourWords(h)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <h2 className="mt-2 text-lg sm:col-span-2">Prices and delivery</h2>
        {[
          { name: "vatRate", label: "VAT rate (%)", value: Math.round(s.vatRate * 10000) / 100, step: "0.01", max: 100 },
          {
            name: "usdRate",
            label: "USD display rate (per ₦1)",
            value: s.usdRate,
            step: "0.00001",
            hint: "Display only: payment is always in naira.",
          },
          {
            name: "standardDeliveryFee",
            label: "Standard delivery fee (₦)",
            value: s.standardDeliveryFee,
            step: FEE_STEP_NAIRA,
            hint: "Charged only while no delivery areas are set up under LGA.",
          },
          { name: "expressSurcharge", label: "Express surcharge (₦)", value: s.expressSurcharge, step: FEE_STEP_NAIRA },
          {
            name: "freeDeliveryAbove",
            label: "Free delivery above (₦)",
            value: s.freeDeliveryAbove,
            step: FEE_STEP_NAIRA,
            hint: "Delivery is free once the goods, after any discount code, reach this amount. Empty or 0: off.",
          },
          { name: "lowStockThreshold", label: "Low-stock threshold", value: s.lowStockThreshold, step: "1" },
          {
            name: "maxLineQuantity",
            label: "Quantity limit per product",
            value: s.maxLineQuantity,
            step: "1",
            min: 1,
            max: 999,
            hint: "The most units of one product a shopper can put in her cart and order at once.",
          },
          {
            name: "staffPriceCutPercent",
            label: "Staff may agree prices down to (% below listed)",
            value: s.staffPriceCutPercent,
            step: "1",
            min: 0,
            max: 100,
            hint: "At the order desk, when a customer asks for a last price. 0: only you agree a lower price; you may agree any.",
          },
        ].map((f) => (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            error={errors[f.name]}
            hint={f.hint}
            defaultValue={text(f.name, String(f.value))}
            type="number"
            step={f.step}
            min={f.min ?? 0}
            max={f.max}
          />
        ))}
        <h2 className="mt-2 text-lg sm:col-span-2">Pick-up</h2>
        <Field
          label="Pick-up address"
          name="pickupAddress"
          error={errors.pickupAddress}
          defaultValue={text("pickupAddress", s.pickupAddress)}
          maxLength={200}
          className="sm:col-span-2"
          placeholder="12 Admiralty Way, Lekki Phase 1, Lagos"
          hint="Shoppers may collect their order here, free, instead of a delivery. Empty: no pick-up at checkout."
        />
        <Field
          label="Pick-up hours"
          name="pickupHours"
          error={errors.pickupHours}
          defaultValue={text("pickupHours", s.pickupHours)}
          maxLength={100}
          className="sm:col-span-2"
          placeholder="Monday to Saturday, 10 am to 6 pm"
          hint="Shown beside the address at checkout and on her order."
        />
        <Field
          label="Second pick-up address (optional)"
          name="pickupAddress2"
          error={errors.pickupAddress2}
          defaultValue={text("pickupAddress2", s.pickupAddress2)}
          maxLength={200}
          className="sm:col-span-2"
          placeholder="5 Isaac John Street, Ikeja GRA, Lagos"
          hint="A second point across town (the Island and the Mainland): she chooses which at checkout. Empty: none."
        />
        <Field
          label="Second pick-up hours"
          name="pickupHours2"
          error={errors.pickupHours2}
          defaultValue={text("pickupHours2", s.pickupHours2)}
          maxLength={100}
          className="sm:col-span-2"
          placeholder="Monday to Friday, 9 am to 5 pm"
        />
        <Field
          label="Remind after (days)"
          name="pickupReminderDays"
          error={errors.pickupReminderDays}
          defaultValue={text("pickupReminderDays", String(s.pickupReminderDays))}
          type="number"
          inputMode="numeric"
          min={0}
          max={14}
          step={1}
          hint="An order ready and not collected gets one reminder after this many days, in the daytime. 0: no reminder."
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Save Settings"}
          </button>
        </div>
      </Form>

      <ExportList title={`Newsletter subscribers (${subscribers.total})`} csv="/api/settings/subscribers.csv" empty="No subscribers yet">
        {subscribers.items.map((x) => (
          <li key={x.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span className="break-all font-semibold">{x.email}</span>
            <span className="text-muted">
              {x.name ? `${x.name} · ` : ""}
              {x.source} · {when(x.createdAt)}
            </span>
          </li>
        ))}
      </ExportList>
    </div>
  );
}

/** The latest subscribers, with the whole list as a CSV download (messages have their own screen, /messages). */
function ExportList({ title, csv, empty, children }: { title: string; csv: string; empty: string; children: React.ReactNode[] }) {
  const id = useId();
  return (
    <section className="rounded-2xl border border-line bg-linen p-4 sm:p-6" aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg">
          {title}
        </h2>
        <a href={csv} className="btn-outline min-h-10 py-2" download>
          <Download size={16} aria-hidden="true" /> Export CSV
        </a>
      </div>
      <ul className="divide-y divide-line text-sm">{children.length ? children : <li className="py-2 text-muted">{empty}</li>}</ul>
    </section>
  );
}
