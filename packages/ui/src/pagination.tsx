import { cn } from './cn';
import { PAGINATION_MAX_BUTTONS, PAGINATION_TRAILING_PAGES } from './constants';
import { useUiTexts } from './i18n';
import { ChevronIcon } from './close-icon';

export type PaginationItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page sequence: all pages when they fit in 7 buttons; otherwise the first and last
 * page, a window of 3 pages around the current one and ellipses, never more than 7 items:
 *   1 2 3 4 5 … 20 | 1 … 9 10 11 … 20 | 1 … 16 17 18 19 20
 */
export function getPaginationItems(
  page: number,
  pageCount: number,
  maxButtons: number = PAGINATION_MAX_BUTTONS,
  window: number = PAGINATION_TRAILING_PAGES,
): PaginationItem[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(1, page), pageCount);
  if (pageCount <= maxButtons) return Array.from({ length: pageCount }, (_, i) => i + 1);
  // Slots left for consecutive pages at an end: everything but the far page and one ellipsis.
  const edgeRun = maxButtons - 2;
  const half = Math.floor(window / 2);
  if (current <= edgeRun - half) {
    return [...Array.from({ length: edgeRun }, (_, i) => i + 1), 'ellipsis-end', pageCount];
  }
  if (current >= pageCount - edgeRun + 1 + half) {
    return [1, 'ellipsis-start', ...Array.from({ length: edgeRun }, (_, i) => pageCount - edgeRun + 1 + i)];
  }
  const start = current - half;
  return [1, 'ellipsis-start', ...Array.from({ length: window }, (_, i) => start + i), 'ellipsis-end', pageCount];
}

/** 1-based first and last item numbers shown on a page. */
export function getPageRange(page: number, pageSize: number, total: number): { rangeFrom: number; rangeTo: number } {
  if (total <= 0) return { rangeFrom: 0, rangeTo: 0 };
  const rangeFrom = (page - 1) * pageSize + 1;
  return { rangeFrom, rangeTo: Math.min(total, page * pageSize) };
}

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** Total number of items (used for the page count and the range text). */
  total: number;
  pageSize: number;
  /** Show '{rangeFrom}–{rangeTo} of {total}'. */
  showRange?: boolean;
  /** Accessible name of the navigation landmark; default 'Pagination'. */
  label?: string;
  className?: string;
}

/** Pagination: at most 7 page buttons, ellipses, 'Previous' and 'Next'. */
export function Pagination({
  page,
  onPageChange,
  total,
  pageSize,
  showRange = true,
  label,
  className,
}: PaginationProps) {
  const { t } = useUiTexts();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const items = getPaginationItems(page, pageCount);
  const { rangeFrom, rangeTo } = getPageRange(page, pageSize, total);
  const navButton =
    'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-primary-500';
  return (
    <nav
      aria-label={label ?? t('pagination')}
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      {showRange && (
        <p className="text-sm text-neutral-600 tabular-nums">{t('range', { rangeFrom, rangeTo, total })}</p>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button type="button" className={navButton} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronIcon direction="left" />
            <span>{t('previous')}</span>
          </button>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={cn(
                  navButton,
                  'tabular-nums',
                  item === page && 'bg-primary-600 text-on-primary hover:bg-primary-700',
                )}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('page', { page: item })}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-neutral-500" data-ellipsis>
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={navButton}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <span>{t('next')}</span>
            <ChevronIcon direction="right" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
