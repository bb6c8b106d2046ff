import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";

// docs/product.md §2 Home / §9: two slides, advancing every 3 seconds.
export const SLIDE_INTERVAL_MS = 3000;

const slides = [
  {
    eyebrow: "Self-care, made gentle",
    title: "Empower yourself. Elevate your everyday. Thrive.",
    text: "Journals, cards and little rituals that help women slow down, breathe and come home to themselves.",
    tone: "from-blush via-cream to-sage-soft",
  },
  {
    eyebrow: "Gifts with meaning",
    title: "For the women who hold everything together",
    text: "Surprise her with a gift that lasts beyond the moment",
    tone: "from-sage-soft via-cream to-blush",
  },
] as const;

/** Auto-advancing hero; pauses while hovered or focused, and has a pause button (WCAG 2.2.2). */
export function HeroSlider() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  const go = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative overflow-hidden"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="flex transition-transform duration-700 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={paused ? "polite" : "off"}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            inert={i !== index}
            data-active={i === index}
            className={`w-full shrink-0 bg-gradient-to-br ${slide.tone}`}
          >
            <div className="container-page flex min-h-[22rem] flex-col justify-center py-14 sm:min-h-[26rem] sm:py-20">
              <p className="text-sm font-bold uppercase tracking-[0.2em] text-rose-dark">{slide.eyebrow}</p>
              {/* h2 for both: a hidden slide is inert, so the page's h1 lives outside the slider */}
              <h2 className="mt-3 max-w-2xl text-4xl leading-tight sm:text-5xl">{slide.title}</h2>
              <p className="mt-4 max-w-xl text-lg text-muted">{slide.text}</p>
              <Link to="/products" className="btn-primary mt-8 self-start">
                Shop Now
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="container-page absolute inset-x-0 bottom-3 flex items-center justify-end gap-1">
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-linen/80 text-ink hover:bg-linen"
          aria-label="Previous slide"
          onClick={() => go(-1)}
        >
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            className="inline-flex h-11 w-8 items-center justify-center"
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          >
            <span className={`block h-2.5 w-2.5 rounded-full ${i === index ? "bg-rose" : "bg-muted/50"}`} />
          </button>
        ))}
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-linen/80 text-ink hover:bg-linen"
          aria-label="Next slide"
          onClick={() => go(1)}
        >
          <ChevronRight size={20} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-linen/80 text-ink hover:bg-linen"
          aria-label={stopped ? "Play slides" : "Pause slides"}
          onClick={() => setStopped((s) => !s)}
        >
          {stopped ? <Play size={18} aria-hidden="true" /> : <Pause size={18} aria-hidden="true" />}
        </button>
      </div>
    </section>
  );
}
