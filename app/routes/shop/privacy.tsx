import { PolicyPage } from "../../components/policy-page";
import { appContext } from "../../context";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { getSettings } from "../../../modules/settings/service.server";
import type { Route } from "./+types/privacy";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy",
    description:
      "How Alafia Self-Care collects, uses and protects your personal data under the Nigeria Data Protection Act 2023 and the NDPR.",
    url: data ? `${data.origin}/privacy` : undefined,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const s = await getSettings(context.get(appContext).db);
  return { email: s.contactEmail, address: s.contactAddress, shopName: s.shopName, origin: publicOrigin(context.get(appContext).env) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { email, address, shopName } = loaderData;
  const mail = (
    <a href={`mailto:${email}`} className="font-semibold text-rose-dark underline">
      {email}
    </a>
  );
  return (
    <PolicyPage
      title="Privacy Policy"
      updated="November 1, 2026"
      intro={
        <>
          <p>
            {shopName} (“we”, “us”) runs this online shop from {address}. We respect your privacy and process personal data in line with the
            Nigeria Data Protection Act 2023 (NDPA), the Nigeria Data Protection Regulation 2019 (NDPR) and the guidance of the Nigeria Data
            Protection Commission (NDPC). This policy explains what we collect, why, and the choices you have.
          </p>
        </>
      }
      sections={[
        {
          id: "data-we-collect",
          title: "Data we collect",
          body: (
            <ul>
              <li>Account details: first and last name, email address, phone number, delivery address and local government area (LGA).</li>
              <li>Order details: the products you buy, amounts paid, delivery method and order status.</li>
              <li>
                Payment details: card payments are processed by our licensed payment provider. We never see or store your full card number,
                PIN or CVV.
              </li>
              <li>Messages you send us through the contact form, newsletter and coaching sign-ups, and product reviews you publish.</li>
              <li>Technical data: your IP address, browser type and pages visited, kept in server logs for security.</li>
            </ul>
          ),
        },
        {
          id: "why",
          title: "Why we use it (lawful basis)",
          body: (
            <ul>
              <li>To take, deliver and support your orders (performance of a contract).</li>
              <li>To keep accounts and payments secure and to prevent fraud (legitimate interest).</li>
              <li>To keep tax and accounting records as Nigerian law requires (legal obligation).</li>
              <li>
                To send newsletters and offers, only with your consent, which you can withdraw at any time with the unsubscribe link or by
                writing to us.
              </li>
            </ul>
          ),
        },
        {
          id: "sharing",
          title: "Who we share it with",
          body: (
            <>
              <p>We do not sell your personal data. We share only what is needed with:</p>
              <ul>
                <li>our payment provider, to process payments;</li>
                <li>our dispatch riders and courier partners, who receive your name, phone number and delivery address;</li>
                <li>our email and hosting providers, under written data processing agreements;</li>
                <li>public authorities, when the law requires it.</li>
              </ul>
              <p>
                Where a provider stores data outside Nigeria, we rely on the transfer safeguards permitted by the NDPA, such as adequacy
                decisions or contractual clauses.
              </p>
            </>
          ),
        },
        {
          id: "retention",
          title: "How long we keep it",
          body: (
            <p>
              Account data is kept while your account is open. Order and payment records are kept for six years for tax purposes. Contact
              messages are deleted after two years. Server logs are kept for 90 days.
            </p>
          ),
        },
        {
          id: "rights",
          title: "Your rights",
          body: (
            <>
              <p>Under the NDPA and the NDPR you may ask us to:</p>
              <ul>
                <li>give you a copy of the personal data we hold about you;</li>
                <li>correct data that is wrong or incomplete (you can also edit your profile yourself);</li>
                <li>delete your data, where we are not required by law to keep it;</li>
                <li>restrict or object to our use of it, and withdraw consent to marketing;</li>
                <li>receive your data in a portable format.</li>
              </ul>
              <p>
                Write to {mail}. We answer within 30 days. If you are not satisfied, you may complain to the Nigeria Data Protection
                Commission.
              </p>
            </>
          ),
        },
        {
          id: "security",
          title: "Security and cookies",
          body: (
            <p>
              Passwords are stored only as strong one-way hashes, and all traffic is encrypted. We use one essential cookie to keep you
              signed in and your browser’s local storage to remember your cart and whether you have seen our newsletter pop-up. We do not
              use advertising cookies.
            </p>
          ),
        },
        {
          id: "children",
          title: "Children",
          body: <p>Our shop is for adults. We do not knowingly collect data from anyone under 18.</p>,
        },
        {
          id: "contact",
          title: "Contact and changes",
          body: (
            <p>
              Questions about privacy go to our data protection contact at {mail}, or by post to {address}. If we change this policy we will
              update the date above and, for important changes, tell you by email.
            </p>
          ),
        },
      ]}
    />
  );
}
