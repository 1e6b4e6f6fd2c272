import { useMemo, useState, type ReactNode, type ThHTMLAttributes } from 'react';
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { cn } from './cn';
import { DATA_TABLE_PAGE_SIZE } from './constants';
import { useUiTexts } from './i18n';
import { Pagination } from './pagination';
import { Spinner } from './spinner';

export type SortDirection = 'asc' | 'desc';
export interface DataTableSort {
  key: string;
  direction: SortDirection;
}

/** Sort cycle per column: ascending → descending → off; another column starts ascending. */
export function nextSort(current: DataTableSort | null, key: string): DataTableSort | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return null;
}

export interface DataTableHeader<T> {
  key: string;
  name: ReactNode;
  sortable?: boolean;
  /** Extra attributes for the header cell (and alignment for the column). */
  attrs?: ThHTMLAttributes<HTMLTableCellElement> & { align?: 'left' | 'center' | 'right' };
  /** Cell content; default: the row's value at `key`. */
  render?: (row: T) => ReactNode;
}

export interface DataTableProps<T extends { id: string | number }> {
  headers: DataTableHeader<T>[];
  items: readonly T[];
  loading?: boolean;
  /** Accessible name of the table. */
  caption?: string;
  pageSize?: number;
  /** Server mode: the total count, current page (1-based) and sort are owned by the caller. */
  total?: number;
  page?: number;
  onPageChange?: (page: number) => void;
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort | null) => void;
  emptyText?: ReactNode;
  onRowClick?: (row: T) => void;
  className?: string;
}

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});

function SortIcon({ direction }: { direction: false | SortDirection }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className="shrink-0">
      <path d="M6 1l3.5 4h-7z" fill="currentColor" opacity={direction === 'asc' ? 1 : 0.3} />
      <path d="M6 11L2.5 7h7z" fill="currentColor" opacity={direction === 'desc' ? 1 : 0.3} />
    </svg>
  );
}

/**
 * A data table on TanStack Table: 15 rows per page, pagination only with more than one
 * page, sort ascending → descending → off, 'No data to show', loading state.
 */
export function DataTable<T extends { id: string | number }>({
  headers,
  items,
  loading = false,
  caption,
  pageSize = DATA_TABLE_PAGE_SIZE,
  total,
  page: pageProp,
  onPageChange,
  sort: sortProp,
  onSortChange,
  emptyText,
  onRowClick,
  className,
}: DataTableProps<T>) {
  const { t } = useUiTexts();
  const serverMode = total !== undefined;
  const [ownSort, setOwnSort] = useState<DataTableSort | null>(null);
  const [ownPage, setOwnPage] = useState(1);
  const sort = sortProp !== undefined ? sortProp : ownSort;
  const page = pageProp ?? ownPage;

  const columns = useMemo<ColumnDef<typeof features, T, unknown>[]>(
    () =>
      headers.map((header) => ({
        id: header.key,
        accessorFn: (row: T) => (row as Record<string, unknown>)[header.key],
        header: () => header.name,
        enableSorting: Boolean(header.sortable),
        sortDescFirst: false,
        sortFn: 'alphanumeric',
      })),
    [headers],
  );

  const sorting: SortingState = sort ? [{ id: sort.key, desc: sort.direction === 'desc' }] : [];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const data = useMemo(() => [...items], [items]);

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row: T) => String(row.id),
    state: { sorting, pagination },
    manualSorting: serverMode,
    manualPagination: serverMode,
    ...(serverMode ? { rowCount: total } : {}),
    autoResetPageIndex: false,
  });

  const rowCount = serverMode ? (total ?? 0) : items.length;
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const rows = table.getRowModel().rows;

  const changeSort = (key: string) => {
    const next = nextSort(sort, key);
    if (onSortChange) onSortChange(next);
    if (sortProp === undefined) setOwnSort(next);
    changePage(1);
  };
  const changePage = (next: number) => {
    onPageChange?.(next);
    if (pageProp === undefined) setOwnPage(next);
  };

  const alignClass = (align?: 'left' | 'center' | 'right') =>
    align === 'right' ? 'text-end' : align === 'center' ? 'text-center' : 'text-start';

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div
        className="relative overflow-x-auto rounded-xl border border-neutral-200 bg-surface-raised"
        aria-busy={loading || undefined}
      >
        <table className="w-full border-collapse text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-neutral-50 text-neutral-600">
            <tr>
              {headers.map((header) => {
                const { align, className: thClass, ...thAttrs } = header.attrs ?? {};
                const direction = sort?.key === header.key ? sort.direction : false;
                return (
                  <th
                    key={header.key}
                    scope="col"
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : header.sortable
                            ? 'none'
                            : undefined
                    }
                    className={cn('px-4 py-3 font-medium whitespace-nowrap', alignClass(align), thClass)}
                    {...thAttrs}
                  >
                    {header.sortable ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1.5 rounded hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500"
                        onClick={() => changeSort(header.key)}
                      >
                        {header.name}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      header.name
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const original = row.original;
              return (
                <tr
                  key={row.id}
                  className={cn('border-t border-neutral-200', onRowClick && 'cursor-pointer hover:bg-neutral-50')}
                  onClick={onRowClick ? () => onRowClick(original) : undefined}
                >
                  {headers.map((header) => (
                    <td key={header.key} className={cn('px-4 py-3 text-neutral-900', alignClass(header.attrs?.align))}>
                      {header.render
                        ? header.render(original)
                        : String((original as Record<string, unknown>)[header.key] ?? '')}
                    </td>
                  ))}
                </tr>
              );
            })}
            {rows.length === 0 && !loading && (
              <tr className="border-t border-neutral-200">
                <td colSpan={headers.length} className="px-4 py-10 text-center text-neutral-500">
                  {emptyText ?? t('noData')}
                </td>
              </tr>
            )}
            {rows.length === 0 && loading && (
              <tr className="border-t border-neutral-200">
                <td colSpan={headers.length} className="h-24" />
              </tr>
            )}
          </tbody>
        </table>
        {loading && (
          <div className="absolute inset-0 flex items-center justify-center bg-surface/60">
            <Spinner />
          </div>
        )}
      </div>
      {pageCount > 1 && (
        <Pagination
          page={page}
          total={rowCount}
          pageSize={pageSize}
          onPageChange={changePage}
          label={caption ? `${caption}: ${t('pagination')}` : undefined}
        />
      )}
    </div>
  );
}
