import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { TRUNCATE_HEIGHT, TRUNCATE_THRESHOLD } from './constants';
import { useUiTexts } from './i18n';

/** Text taller than height + threshold is cut to `height` with a 'Read more' toggle. */
export function shouldTruncate(
  contentHeight: number,
  height: number = TRUNCATE_HEIGHT,
  threshold: number = TRUNCATE_THRESHOLD,
): boolean {
  return contentHeight > height + threshold;
}

export interface TruncateTextProps {
  children: ReactNode;
  height?: number;
  threshold?: number;
  className?: string;
}

/** Long text cut to 120 px with 'Read more' / 'Hide' (only when it exceeds 120 + 24 px). */
export function TruncateText({
  children,
  height = TRUNCATE_HEIGHT,
  threshold = TRUNCATE_THRESHOLD,
  className,
}: TruncateTextProps) {
  const { t } = useUiTexts();
  const ref = useRef<HTMLDivElement | null>(null);
  const [truncatable, setTruncatable] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setTruncatable(shouldTruncate(el.scrollHeight, height, threshold));
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [children, height, threshold]);
  const clipped = truncatable && !expanded;
  return (
    <div className={className}>
      <div
        ref={ref}
        className={cn(
          'relative overflow-hidden',
          clipped &&
            'after:pointer-events-none after:absolute after:inset-x-0 after:bottom-0 after:h-8 after:bg-gradient-to-t after:from-surface',
        )}
        style={clipped ? { maxHeight: height } : undefined}
        data-truncated={clipped || undefined}
      >
        {children}
      </div>
      {truncatable && (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500 dark:text-primary-300"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('hide') : t('readMore')}
        </button>
      )}
    </div>
  );
}

export interface ShowMoreListProps<T> {
  items: readonly T[];
  /** How many items show before 'Show more'. */
  limit: number;
  renderItem: (item: T, index: number) => ReactNode;
  getKey?: (item: T, index: number) => string | number;
  className?: string;
}

/** A list showing `limit` items with a 'Show more' button for the rest. */
export function ShowMoreList<T>({ items, limit, renderItem, getKey, className }: ShowMoreListProps<T>) {
  const { t } = useUiTexts();
  const [expanded, setExpanded] = useState(false);
  const visible = expanded ? items : items.slice(0, limit);
  return (
    <div className={className}>
      <ul className="flex flex-col gap-1">
        {visible.map((item, index) => (
          <li key={getKey ? getKey(item, index) : index}>{renderItem(item, index)}</li>
        ))}
      </ul>
      {!expanded && items.length > limit && (
        <button
          type="button"
          className="mt-2 text-sm font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500 dark:text-primary-300"
          onClick={() => setExpanded(true)}
        >
          {t('showMore')}
        </button>
      )}
    </div>
  );
}
