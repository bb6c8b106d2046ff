import { CalendarCheck, Compass, Sparkles } from "lucide-react";
import { NewsletterForm } from "../../components/newsletter-form";
import { pageMeta } from "../../lib/seo";
import { appContext } from "../../context";
import { publicOrigin } from "../../../lib/public-origin";
import type { Route } from "./+types/author";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Coaching services: Mindful Living VIP",
    description:
      "One-to-one Mindful Living VIP coaching, a personal healing roadmap and a free get-started call with Alafia's self-care coach.",
    url: data ? `${data.origin}/author` : undefined,
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return { origin: publicOrigin(context.get(appContext).env) };
}

const offers = [
  {
    Icon: Sparkles,
    title: "Mindful Living VIP coaching",
    text: "Twelve weeks of one-to-one sessions (online or in Lekki) to untangle overwhelm, build gentle routines and set boundaries that hold, with WhatsApp check-ins between sessions.",
  },
  {
    Icon: Compass,
    title: "Your healing roadmap",
    text: "A personal plan drawn from your story: what drains you, what restores you, and the small weekly steps that move you from surviving to thriving.",
  },
  {
    Icon: CalendarCheck,
    title: "Get-started call",
    text: "A free 20-minute call to talk about where you are and what you need. No pressure, no hard sell: just a kind conversation.",
  },
];

export default function Author() {
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
          {offers.map(({ Icon, title, text }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-line bg-linen p-6">
              <Icon aria-hidden="true" className="text-rose-dark" size={28} />
              <h3 className="mt-3 text-xl">{title}</h3>
              <p className="mt-2 flex-1 leading-relaxed text-muted">{text}</p>
              <a href="#get-started" className="btn-outline mt-5 self-start">
                Get Started
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section id="get-started" aria-labelledby="get-started-title" className="container-page scroll-mt-20 py-6">
        <div className="rounded-3xl bg-sand px-6 py-10 sm:px-12">
          <h2 id="get-started-title" className="text-3xl">
            Book your free get-started call
          </h2>
          <p className="mt-2 max-w-xl text-muted">
            Leave your email and our coach will write within one working day to find a time that suits you.
          </p>
          <div className="max-w-lg">
            <NewsletterForm source="author" idPrefix="author" buttonLabel="Get Started" />
          </div>
        </div>
      </section>
    </main>
  );
}
