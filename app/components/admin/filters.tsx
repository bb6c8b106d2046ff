import { Search } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";

type Props = {
  placeholder: string;
  q?: string;
  from?: string;
  to?: string;
  /** show Start Date / End Date pickers */
  dates?: boolean;
  clearTo: string;
  label?: string;
  /** what else the search finds, in a line under the box (the placeholder stays as the list's spec words it) */
  hint?: string;
  /** other URL parameters of the list (status, sort) that a new search keeps */
  keep?: string[];
};

/** Search box (and date filters) sent as a GET form: the server filters, the URL keeps the state. */
export function ListFilters({ placeholder, q = "", from = "", to = "", dates = false, clearTo, label = "Search", hint, keep = [] }: Props) {
  const [params] = useSearchParams();
  const kept = keep.flatMap((name) => {
    const value = params.get(name);
    return value ? [{ name, value }] : [];
  });
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2 rounded-2xl border border-line bg-linen p-3">
      {kept.map((k) => (
        <input key={k.name} type="hidden" name={k.name} value={k.value} />
      ))}
      {/* wide enough for its hint: the Search button goes under it where both do not fit */}
      <div className="min-w-48 flex-1 basis-72">
        <label htmlFor="list-q" className="label">
          {label}
        </label>
        <div className="relative">
          <Search size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" aria-hidden="true" />
          <input
            id="list-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={placeholder}
            aria-describedby={hint ? "list-q-hint" : undefined}
            className="input min-h-10 py-2 pl-9"
          />
        </div>
      </div>
      {dates ? (
        <>
          <div>
            <label htmlFor="list-from" className="label">
              Start Date
            </label>
            <input id="list-from" name="from" type="date" defaultValue={from} className="input min-h-10 py-2" />
          </div>
          <div>
            <label htmlFor="list-to" className="label">
              End Date
            </label>
            <input id="list-to" name="to" type="date" defaultValue={to} className="input min-h-10 py-2" />
          </div>
        </>
      ) : null}
      <button type="submit" className="btn-primary min-h-10 py-2">
        Search
      </button>
      {dates || q || kept.length ? (
        <Link to={clearTo} className="btn-outline min-h-10 py-2">
          Clear Filters
        </Link>
      ) : null}
      {/* a line of its own under the row, so the box stays level with the dates and buttons */}
      {hint ? (
        <p id="list-q-hint" className="basis-full text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </Form>
  );
}
