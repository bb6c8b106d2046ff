import { Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../pagination";

/** 'Showing x to y of n entries' (docs/product.md §2). */
export function ShowingLine({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <p className="text-sm text-muted" aria-live="polite">
      Showing {from} to {to} of {total.toLocaleString("en-NG")} entries
    </p>
  );
}

export function TableFooter({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const [params] = useSearchParams();
  // other filters are kept from page to page
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next.toString()}`;
  };
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <ShowingLine page={page} pageSize={pageSize} total={total} />
      <Pagination page={page} pageSize={pageSize} total={total} hrefFor={hrefFor} look="admin" />
    </div>
  );
}

/** A list's create button in its header ('Create Product', 'Add New LGA'). */
export function CreateLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="btn-primary min-h-10 py-2">
      <Plus size={16} aria-hidden="true" /> {label}
    </Link>
  );
}

/** docs/product.md §9 previews: the first n characters, with '...' only when cut. */
export function cut(text: string, n: number, ellipsis = true): string {
  return text.length > n ? `${text.slice(0, n)}${ellipsis ? "..." : ""}` : text;
}

export const th = "px-3 py-2.5 text-left text-xs font-bold uppercase tracking-wide text-muted";
export const td = "px-3 py-2 align-middle text-sm";
/** The cell of a row's Edit / View / Delete: on a phone, the foot of the row's card. */
export const actionsTd = `${td} admin-actions whitespace-nowrap text-right`;

/**
 * An admin list. From the sm breakpoint a table (scrolling sideways inside its frame when
 * wide); on a phone each row is a card of label/value lines (app/app.css `.admin-table`),
 * so give every cell its column's name in `data-label`.
 */
export function AdminTable({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    // focusable so keyboard users can scroll a wide table
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-linen" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table w-full border-collapse sm:min-w-[36rem]">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Thumb({ url, alt }: { url: string | null; alt: string }) {
  return url ? (
    <img src={url} alt={alt} width={48} height={48} loading="lazy" className="h-12 w-12 rounded-lg object-cover" />
  ) : (
    <span className="inline-block h-12 w-12 rounded-lg bg-sand" aria-label="No image" role="img" />
  );
}

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl sm:text-3xl">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
