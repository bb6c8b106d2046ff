import { CalendarCheck, Gift, Truck } from "lucide-react";
import { TeamGiftsForm } from "../../components/team-gifts-form";
import { appContext } from "../../context";
import { actionHeaders, publicFormAction } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { pageMeta } from "../../lib/seo";
import { lagosNow } from "../../../lib/lagos-calendar";
import { publicOrigin } from "../../../lib/public-origin";
import { rateRules } from "../../../lib/rate-limit.server";
import { teamGiftsInput } from "../../../modules/marketing/schemas";
import { requestTeamGifts } from "../../../modules/marketing/team-gifts.server";
import { askOnWhatsAppUrl } from "../../../modules/marketing/whatsapp";
import { getSettings } from "../../../modules/settings/service.server";
import type { Route } from "./+types/teamgifts";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Gifts for teams",
    description:
      "End-of-year and thank-you gifts for your staff, clients or church group: self-care packages, journals and cards, packed with your card and delivered across Lagos.",
    url: data ? `${data.origin}/teamgifts` : undefined,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const s = await getSettings(db);
  return {
    origin: publicOrigin(env),
    // the day the date box starts at; the service checks it again when the request arrives
    today: lagosNow(new Date()).date,
    whatsapp: s.whatsappNumber
      ? askOnWhatsAppUrl(s.whatsappNumber, `Hello ${s.shopName}, I would like gifts for my team. We are about ... people.`)
      : null,
  };
}

/** Ask for a quote: a message to the owner, under the contact form's rate rule (docs/product.md "Gifts for teams"). */
export const action = (args: Route.ActionArgs) =>
  publicFormAction(args, rateRules.contactIp, teamGiftsInput, ({ db, env }, data) => requestTeamGifts(db, env, data));

// a refusal past the rate rule says when to try again
export const headers = actionHeaders;

const promises = [
  {
    Icon: Gift,
    title: "Chosen for your budget",
    text: "Tell us how many and how much: we send ideas with pictures, from journals to full stress-relief packages.",
  },
  { Icon: CalendarCheck, title: "Packed with your card", text: "Each gift wrapped by hand, with your message or logo on the card." },
  { Icon: Truck, title: "Delivered across Lagos", text: "To one office or to every home, on the day you choose." },
];

export default function TeamGifts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-blush via-cream to-sage-soft">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-rose-dark">Gifts for teams</p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight sm:text-5xl">Thank your people with a moment of calm</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            End-of-year gifts for staff and clients, a church group or a class: from ten gifts to five hundred.
          </p>
          <a href="#quote" className="btn-primary mt-8">
            Ask for a quote
          </a>
        </div>
      </section>
      <section aria-label="What we do" className="container-page py-10">
        <ul className="grid gap-5 md:grid-cols-3">
          {promises.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-linen p-6">
              <Icon aria-hidden="true" className="text-rose-dark" size={28} />
              <h2 className="mt-3 text-xl">{title}</h2>
              <p className="mt-2 leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="quote" aria-labelledby="quote-title" className="container-page scroll-mt-20 py-4">
        <div className="rounded-3xl bg-sand px-6 py-10 sm:px-12">
          <h2 id="quote-title" className="text-3xl">
            Ask for a quote
          </h2>
          <p className="mt-2 max-w-xl text-muted">
            We reply within one working day with ideas and prices.
            {loaderData.whatsapp ? (
              <>
                {" "}
                Rather chat?{" "}
                <a href={loaderData.whatsapp} className="font-semibold text-rose-dark underline" rel="noopener" target="_blank">
                  Message us on WhatsApp
                </a>
                .
              </>
            ) : null}
          </p>
          <TeamGiftsForm answer={actionData as FormResult | undefined} today={loaderData.today} />
        </div>
      </section>
    </main>
  );
}
