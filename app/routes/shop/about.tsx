import { NewsletterForm } from "../../components/newsletter-form";
import { pageMeta } from "../../lib/seo";
import { appContext } from "../../context";
import { publicOrigin } from "../../../lib/public-origin";
import type { Route } from "./+types/about";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "About us: our story, mission and values",
    description:
      "Alafia means peace and wellbeing in Yoruba. We make journals, cards and gifts that help Nigerian women rest, reflect and thrive.",
    url: data ? `${data.origin}/about` : undefined,
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return { origin: publicOrigin(context.get(appContext).env) };
}

const offerings = [
  { title: "Self-care packages", text: "Curated boxes for rest, new mums, birthdays and hard weeks, packed by hand in Lagos." },
  {
    title: "Journals and calendars",
    text: "Gratitude journals, guided morning pages and motivational calendars that make reflection a habit.",
  },
  { title: "Cards and colouring", text: "Affirmation decks, conversation cards and colouring books for quiet, screen-free minutes." },
  { title: "Coaching", text: "Mindful Living VIP coaching and a healing roadmap for women ready to go deeper." },
];
const values = [
  { title: "Gentleness", text: "Self-care is not another task to fail at. Everything we make is small, kind and doable." },
  { title: "Made for here", text: "Designed for Lagos life: traffic, long days, big families and bigger dreams." },
  { title: "Honesty", text: "Real prices in naira, real stock, real reviews from women who bought." },
  { title: "Care in the details", text: "Good paper, safe inks and packaging you will want to keep." },
];

export default function About() {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-blush via-cream to-sage-soft">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-rose-dark">About Alafia</p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight sm:text-5xl">Peace and wellbeing, one small ritual at a time</h1>
        </div>
      </section>
      <div className="container-page grid gap-12 py-12 lg:grid-cols-2">
        <section aria-labelledby="mission">
          <h2 id="mission" className="text-3xl">
            Our mission
          </h2>
          <p className="mt-4 text-lg leading-relaxed">
            To empower women to pause, elevate their everyday and thrive, with beautiful, practical tools for self-care that fit into a busy
            Nigerian life.
          </p>
        </section>
        <section aria-labelledby="story">
          <h2 id="story" className="text-3xl">
            Our story
          </h2>
          <p className="mt-4 leading-relaxed">
            <em>Àlàáfíà</em> means peace and wellbeing in Yoruba. The brand began at a kitchen table in Lagos, when our founder, burnt out
            after years of long commutes and longer workdays, started keeping a three-line gratitude journal. It changed how she slept, how
            she worked and how she spoke to herself.
          </p>
          <p className="mt-4 leading-relaxed">
            Friends asked for journals of their own, then for gift boxes for sisters, mothers and colleagues. Today we design every product
            ourselves and pack every order by hand, for women across Lagos and beyond.
          </p>
        </section>
      </div>
      <section aria-labelledby="offerings" className="container-page py-6">
        <h2 id="offerings" className="text-3xl">
          What we offer
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {offerings.map((o) => (
            <li key={o.title} className="rounded-2xl border border-line bg-linen p-5">
              <h3 className="text-xl">{o.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{o.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="values" className="container-page py-10">
        <h2 id="values" className="text-3xl">
          Our values
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2">
          {values.map((v) => (
            <li key={v.title} className="rounded-2xl bg-sand p-5">
              <h3 className="text-xl">{v.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-subscribe" className="container-page py-6">
        <div className="rounded-3xl bg-sage-soft px-6 py-10 sm:px-12">
          <h2 id="about-subscribe" className="text-3xl">
            Subscribe to our blog
          </h2>
          <p className="mt-2 text-muted">New posts and gentle prompts, once a fortnight.</p>
          <div className="max-w-lg">
            <NewsletterForm source="about" idPrefix="about" />
          </div>
        </div>
      </section>
    </main>
  );
}
