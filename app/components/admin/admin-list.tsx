import { Pencil } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { DeleteButton } from "./delete-button";
import { ListFilters } from "./filters";
import { actionsTd, AdminTable, PageHeader, TableFooter, td, th } from "./table-parts";

export type Column<T> = {
  label: string;
  cell: (row: T) => ReactNode;
  /** the cell's classes beside the common ones (font-semibold, whitespace-nowrap) */
  className?: string;
  /** the whole value as a tooltip, where the cell shows a cut */
  title?: (row: T) => string;
};

type Props<T> = {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  /** 'No products found', or 'Loading...' while the list loads */
  empty: string;
  /** the row's Edit / View / Delete */
  actions?: (row: T) => ReactNode;
};

/** A back-office list (docs/product.md §2): the columns, a line when there is nothing, and each row's actions. */
export function AdminList<T extends { id: string }>({ caption, columns, rows, empty, actions }: Props<T>) {
  const span = columns.length + (actions ? 1 : 0);
  return (
    <AdminTable caption={caption}>
      <thead className="border-b border-line bg-sand/60">
        <tr>
          {columns.map((c) => (
            <th key={c.label} className={th}>
              {c.label}
            </th>
          ))}
          {actions ? (
            <th className={th}>
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={span} className={`${td} py-8 text-center text-muted`}>
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.id} className="border-b border-line last:border-0">
              {columns.map((c) => (
                <td key={c.label} className={c.className ? `${td} ${c.className}` : td} data-label={c.label} title={c.title?.(row)}>
                  {c.cell(row)}
                </td>
              ))}
              {actions ? <td className={actionsTd}>{actions(row)}</td> : null}
            </tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}

/** A row's Edit (a pencil) and Delete (asks first). */
export function EditDelete({ id, name, editTo, confirmText }: { id: string; name: string; editTo: string; confirmText: string }) {
  return (
    <>
      <Link
        to={editTo}
        aria-label={`Edit ${name}`}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-sage hover:bg-sage-soft"
      >
        <Pencil size={18} aria-hidden="true" />
      </Link>
      <DeleteButton id={id} label={`Delete ${name}`} confirmText={confirmText} />
    </>
  );
}

/** A back-office list screen: its title (and create button), a note, the filters, the list, and the paging line when it is paged. */
export function ListScreen({
  title,
  action,
  intro,
  filters,
  paging,
  children,
}: {
  title: string;
  action?: ReactNode;
  intro?: ReactNode;
  filters: ComponentProps<typeof ListFilters>;
  paging?: { page: number; pageSize: number; total: number };
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title}>{action}</PageHeader>
      {intro}
      <ListFilters {...filters} />
      {children}
      {paging ? <TableFooter {...paging} /> : null}
    </>
  );
}
