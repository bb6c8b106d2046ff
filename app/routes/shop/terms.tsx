import { PolicyPage } from "../../components/policy-page";
import { appContext } from "../../context";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { formatNaira } from "../../../lib/money";
import { getSettings } from "../../../modules/settings/service.server";
import type { Route } from "./+types/terms";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Terms of Service and Refund Policy",
    description: "Ordering, prices in naira, delivery across Lagos, returns and refunds, and the terms of using the Alafia Self-Care shop.",
    url: data ? `${data.origin}/terms` : undefined,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const s = await getSettings(context.get(appContext).db);
  return {
    email: s.contactEmail,
    phone: s.contactPhone,
    shopName: s.shopName,
    vatPercent: Math.round(s.vatRate * 1000) / 10,
    standard: formatNaira(s.standardDeliveryKobo),
    express: formatNaira(s.standardDeliveryKobo + s.expressSurchargeKobo),
    origin: publicOrigin(context.get(appContext).env),
  };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { email, phone, shopName, vatPercent, standard, express } = loaderData;
  const mail = (
    <a href={`mailto:${email}`} className="font-semibold text-rose-dark underline">
      {email}
    </a>
  );
  return (
    <PolicyPage
      title="Terms of Service"
      updated="November 1, 2026"
      intro={
        <p>
          These terms apply when you browse or buy from {shopName}. By placing an order you agree to them. They do not limit your rights
          under the Federal Competition and Consumer Protection Act 2018 or any other Nigerian consumer law.
        </p>
      }
      sections={[
        {
          id: "orders",
          title: "Orders and prices",
          body: (
            <ul>
              <li>
                All prices are in Nigerian naira (₦). VAT of {vatPercent}% is added to the subtotal at checkout and shown before you pay. A
                US dollar figure, where shown, is only a guide.
              </li>
              <li>Your order is accepted when payment is confirmed and we send an order confirmation email.</li>
              <li>If an item turns out to be out of stock after you paid, we will tell you at once and refund it in full.</li>
              <li>We correct obvious pricing mistakes; if the correct price is higher, you may cancel for a full refund.</li>
            </ul>
          ),
        },
        {
          id: "delivery",
          title: "Delivery",
          body: (
            <ul>
              <li>
                We deliver across Lagos State. The delivery charge for your local government area is shown in your cart before you pay.
              </li>
              <li>
                Standard delivery ({standard} where no area rate applies) arrives in 3 to 5 working days; express delivery ({express}) in 1
                to 2 working days.
              </li>
              <li>
                Our rider will call the phone number on your order. If nobody is available, we try once more; after a second failed attempt
                the order returns to us and a new delivery may be charged.
              </li>
              <li>Please check your parcel when it arrives and tell us about damage within 48 hours.</li>
            </ul>
          ),
        },
        {
          id: "refunds",
          title: "Returns and refunds",
          body: (
            <>
              <ul>
                <li>
                  You may return unused items in their original packaging within 7 days of delivery. Write to {mail} or call {phone} to
                  arrange it.
                </li>
                <li>
                  If an item arrives damaged, faulty or is not what you ordered, we collect it and send a replacement or refund you in full,
                  including delivery.
                </li>
                <li>
                  For change-of-mind returns, the cost of return delivery is yours. Opened journals, written-in items, candles that have
                  been burnt and personalised gifts cannot be returned unless faulty.
                </li>
                <li>
                  Refunds go back to the card or account you paid with, within 7 to 10 working days of us receiving the item. Your bank may
                  take a few more days to show it.
                </li>
                <li>
                  Coaching sessions can be rescheduled up to 24 hours before the start time. Unused sessions of a coaching package are
                  refunded pro rata within 30 days of purchase.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: "accounts",
          title: "Your account",
          body: (
            <p>
              Keep your password private and tell us at once if you think someone else has used your account. We may suspend accounts used
              for fraud or abuse.
            </p>
          ),
        },
        {
          id: "reviews",
          title: "Reviews and content",
          body: (
            <p>
              Only customers who bought a product may review it. Reviews must be honest and respectful; we may remove reviews that are
              abusive, off-topic or reveal personal data.
            </p>
          ),
        },
        {
          id: "liability",
          title: "Our responsibility",
          body: (
            <p>
              Our products support everyday wellbeing; they are not medical treatment, and our coaching is not therapy. If you are in
              crisis, please contact a medical professional. We are responsible for loss you suffer that was a foreseeable result of our
              breaking these terms, but not for indirect or unforeseeable loss.
            </p>
          ),
        },
        {
          id: "law",
          title: "Governing law and contact",
          body: (
            <p>
              These terms are governed by the laws of the Federal Republic of Nigeria, and the courts of Lagos State have jurisdiction. We
              would always rather talk first: write to {mail}. Our{" "}
              <a href="/privacy" className="font-semibold text-rose-dark underline">
                Privacy Policy
              </a>{" "}
              explains how we protect your data.
            </p>
          ),
        },
      ]}
    />
  );
}
