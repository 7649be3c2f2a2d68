import type { ReactNode } from "react";

export type Column<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * A plain, accessible table of rows (or a line saying there are none). On a phone each row is a card whose cells
 * are labelled by their column's header (the `stack-table` pattern in app/app.css).
 */
export function DataTable<T extends { id: string }>({
  columns,
  rows,
  empty,
}: {
  columns: Column<T>[];
  rows: T[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="mt-3 text-sm text-zinc-400">{empty}</p>;
  return (
    <div className="relative mt-3 overflow-x-auto">
      <table className="stack-table w-full text-sm">
        <thead>
          <tr className="text-left text-zinc-400">
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-ink-800">
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className="py-1">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
