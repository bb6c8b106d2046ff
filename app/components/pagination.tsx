import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/**
 * The pages a pager shows: the first, the last, the current one and two on each side; `null` is a gap
 * (an ellipsis). A gap of one page shows that page instead. 10,000 products are 834 pages: about nine links.
 */
export function pageWindow(page: number, pages: number, around = 2): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const before = sorted[i - 1];
    if (before !== undefined && n - before === 2) out.push(n - 1);
    else if (before !== undefined && n - before > 2) out.push(null);
    out.push(n);
  });
  return out;
}

type Props = {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
  /** the storefront's pager (large, worded, with its 'Showing x to y of n' line) or the back office's compact one */
  look?: "shop" | "admin";
};

const cells = {
  shop: "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold",
  admin: "inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-line px-2 text-sm font-semibold",
};

/** The one pager: plain links (they work before the script loads and can be indexed), windowed, previous and next disabled at the ends. */
export function Pagination({ page, pageSize, total, hrefFor, look = "shop" }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // the storefront shows no pager for a single page; the back office keeps its lone '1'
  if (pages <= 1 && look === "shop") return null;
  const cell = cells[look];
  const shop = look === "shop";
  const idle = shop ? "hover:bg-blush" : "bg-linen hover:bg-blush";
  const ends = shop ? `${cell} border border-line` : cell;
  const step = (to: number, label: "Previous" | "Next") => {
    const icon = label === "Previous" ? <ChevronLeft size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />;
    const content = (
      <>
        {label === "Previous" ? icon : null}
        {shop ? label : null}
        {label === "Next" ? icon : null}
      </>
    );
    const name = `${label} page`;
    return to >= 1 && to <= pages ? (
      <Link to={hrefFor(to)} className={`${ends} ${idle}`} rel={label === "Previous" ? "prev" : "next"} aria-label={name}>
        {content}
      </Link>
    ) : (
      <span className={`${ends} cursor-not-allowed opacity-40`} role="link" aria-disabled="true" aria-label={name}>
        {content}
      </span>
    );
  };
  const list = (
    <ul className={`flex flex-wrap items-center gap-1 ${shop ? "justify-center" : ""}`}>
      <li>{step(page - 1, "Previous")}</li>
      {pageWindow(page, pages).map((n, i) =>
        n === null ? (
          <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
            …
          </li>
        ) : (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={`${cell} ${n === page ? "border-rose bg-rose text-white" : idle}`}
            >
              {n}
            </Link>
          </li>
        ),
      )}
      <li>{step(page + 1, "Next")}</li>
    </ul>
  );
  if (!shop)
    return (
      <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
        {list}
      </nav>
    );
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-muted">
        Showing {(page - 1) * pageSize + 1} to {Math.min(page * pageSize, total)} of {total}
      </p>
      {list}
    </nav>
  );
}
