import type { ReactNode } from 'react';
import { cn } from '@tourdesk/ui';

export interface ReportColumn<R> {
  key: string;
  heading: string;
  /** numbers align right */
  numeric?: boolean;
  cell: (row: R) => ReactNode;
}

/**
 * A report's figures as a plain table (the chart's text alternative): a caption naming it, a
 * heading row, the rows, then the totals rows set apart. Scrolls sideways on a phone.
 */
export function ReportTable<R>({
  caption,
  columns,
  rows,
  totals = [],
  rowKey,
}: {
  caption: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  totals?: readonly R[];
  rowKey: (row: R, i: number) => string;
}) {
  const cellClass = (c: ReportColumn<R>) => cn('px-3 py-2 whitespace-nowrap', c.numeric && 'text-right tabular-nums');
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-200">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-neutral-50 text-xs font-medium text-neutral-600">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn(cellClass(c), 'font-medium')}>
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100 text-neutral-800">
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <td key={c.key} className={cellClass(c)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals.length > 0 && (
          <tfoot className="border-t-2 border-neutral-200 bg-neutral-50 font-semibold text-neutral-900">
            {totals.map((row, i) => (
              <tr key={`total-${rowKey(row, i)}`}>
                {columns.map((c) => (
                  <td key={c.key} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}
