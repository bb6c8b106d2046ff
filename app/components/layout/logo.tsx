import { Link } from "react-router";

/** The brand mark: a lotus of three petals beside the word mark. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex shrink-0 items-center gap-2 whitespace-nowrap ${className}`} aria-label="Alafia Self-Care, home">
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
        <circle cx="20" cy="20" r="20" fill="#f7e1e3" />
        <path d="M20 9c4 4 5 9 0 17-5-8-4-13 0-17z" fill="#a3435a" />
        <path d="M9 16c6 0 10 3 11 10-7 0-11-4-11-10z" fill="#c9954c" />
        <path d="M31 16c-6 0-10 3-11 10 7 0 11-4 11-10z" fill="#53705b" />
        <path d="M11 29h18" stroke="#84334a" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="font-display text-xl font-semibold leading-none text-ink">
        Alafia <span className="block text-[0.65rem] font-sans font-semibold uppercase tracking-[0.2em] text-muted">Self-Care</span>
      </span>
    </Link>
  );
}
