import { CalendarCheck, Compass, Sparkles } from "lucide-react";
import { CoachingRequestForm } from "../../components/coaching-request-form";
import { pageMeta } from "../../lib/seo";
import { appContext } from "../../context";
import { actionHeaders, publicFormAction } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { publicOrigin } from "../../../lib/public-origin";
import { rateRules } from "../../../lib/rate-limit.server";
import { isCoachingOffer, type CoachingOffer } from "../../../modules/marketing/coaching-offers";
import { requestCoachingCall } from "../../../modules/marketing/coaching.server";
import { coachingRequestInput } from "../../../modules/marketing/schemas";
import type { Route } from "./+types/author";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Coaching services: Mindful Living VIP",
    description:
      "One-to-one Mindful Living VIP coaching, a personal healing roadmap and a free get-started call with Alafia's self-care coach.",
    url: data ? `${data.origin}/author` : undefined,
  });
}

/** `?offer=vip`: an offer's Get Started button opens the form with that offer chosen. */
export function loader({ context, request }: Route.LoaderArgs) {
  const offer = new URL(request.url).searchParams.get("offer");
  return { origin: publicOrigin(context.get(appContext).env), offer: isCoachingOffer(offer) ? offer : "call" };
}

/** Book my call: the same service and rate rule as POST /api/coaching-requests (docs/product.md "Messages"). */
export const action = (args: Route.ActionArgs) =>
  publicFormAction(args, rateRules.contactIp, coachingRequestInput, ({ db, env }, data) => requestCoachingCall(db, env, data));

// a refusal past the rate rule says when to try again
export const headers = actionHeaders;

const offers: { Icon: typeof Sparkles; offer: CoachingOffer; title: string; text: string }[] = [
  {
    Icon: Sparkles,
    offer: "vip",
    title: "Mindful Living VIP coaching",
    text: "Twelve weeks of one-to-one sessions (online or in Lekki) to untangle overwhelm, build gentle routines and set boundaries that hold, with WhatsApp check-ins between sessions.",
  },
  {
    Icon: Compass,
    offer: "roadmap",
    title: "Your healing roadmap",
    text: "A personal plan drawn from your story: what drains you, what restores you, and the small weekly steps that move you from surviving to thriving.",
  },
  {
    Icon: CalendarCheck,
    offer: "call",
    title: "Get-started call",
    text: "A free 20-minute call to talk about where you are and what you need. No pressure, no hard sell: just a kind conversation.",
  },
];

export default function Author({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-sage-soft via-cream to-blush">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-rose-dark">Coaching services</p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight sm:text-5xl">Mindful living, with someone in your corner</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            For women who look after everyone else and are ready to be looked after too. Coaching that is practical, faith-friendly and
            rooted in Nigerian life.
          </p>
          <a href="#get-started" className="btn-primary mt-8">
            Get Started
          </a>
        </div>
      </section>
      <section aria-labelledby="offers" className="container-page py-12">
        <h2 id="offers" className="text-3xl">
          How we can work together
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {offers.map(({ Icon, offer, title, text }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-line bg-linen p-6">
              <Icon aria-hidden="true" className="text-rose-dark" size={28} />
              <h3 className="mt-3 text-xl">{title}</h3>
              <p className="mt-2 flex-1 leading-relaxed text-muted">{text}</p>
              <a href={`?offer=${offer}#get-started`} className="btn-outline mt-5 self-start">
                Get Started
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section id="get-started" aria-labelledby="get-started-title" className="container-page scroll-mt-20 py-6">
        <div className="rounded-3xl bg-sand px-6 py-10 sm:px-12">
          <h2 id="get-started-title" className="text-3xl">
            Book a call with our coach
          </h2>
          <p className="mt-2 max-w-xl text-muted">
            The first call is free. Leave your WhatsApp number or your email and our coach will reach out within one working day to find a
            time that suits you.
          </p>
          <CoachingRequestForm answer={actionData as FormResult | undefined} offer={loaderData.offer} />
        </div>
      </section>
    </main>
  );
}
