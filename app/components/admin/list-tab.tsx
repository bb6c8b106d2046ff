import { Link } from "react-router";

/** One of a list's tabs ('Not paid' / 'Recovered', 'Not read' / 'All'): a link, dark when it is the list shown. */
export function ListTab({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className={`rounded-full border px-4 py-2 text-sm font-semibold ${current ? "border-ink bg-ink text-cream" : "border-line bg-linen"}`}
      aria-current={current ? "page" : undefined}
    >
      {children}
    </Link>
  );
}
