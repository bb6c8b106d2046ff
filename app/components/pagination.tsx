import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

type Props = { page: number; pageSize: number; total: number; hrefFor: (page: number) => string };

/** Server-side pagination as plain links (works before JavaScript, indexable). */
export function Pagination({ page, pageSize, total, hrefFor }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const item = "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold";
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-muted">
        Showing {first} to {last} of {total}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={`${item} border border-line hover:bg-blush`} rel="prev">
              <ChevronLeft size={16} aria-hidden="true" /> Previous
            </Link>
          ) : (
            <span className={`${item} border border-line text-muted opacity-60`} aria-disabled="true">
              <ChevronLeft size={16} aria-hidden="true" /> Previous
            </span>
          )}
        </li>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={`${item} ${n === page ? "bg-rose text-white" : "hover:bg-blush"}`}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>
          {page < pages ? (
            <Link to={hrefFor(page + 1)} className={`${item} border border-line hover:bg-blush`} rel="next">
              Next <ChevronRight size={16} aria-hidden="true" />
            </Link>
          ) : (
            <span className={`${item} border border-line text-muted opacity-60`} aria-disabled="true">
              Next <ChevronRight size={16} aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
