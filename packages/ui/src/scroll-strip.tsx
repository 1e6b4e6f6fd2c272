import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { ChevronIcon } from './close-icon';
import { cn } from './cn';
import { useUiTexts } from './i18n';

export interface ScrollStripProps {
  children: ReactNode;
  /** Classes of the scrolling row (gap, border). */
  className?: string;
  /** Changes when another item becomes the current one: it is scrolled into view. */
  activeKey?: string;
}

/** The items that count as current: a link to this page or a selected tab. */
const CURRENT = '[aria-current]:not([aria-current="false"]), [aria-selected="true"]';
/** How much of the row a button scrolls. */
const PAGE = 0.8;
/** Room left beside the current item when it is scrolled into view (the fade covers it). */
const EDGE = 40;
const FADE = '2.5rem';

const maskFor = (start: boolean, end: boolean): CSSProperties | undefined => {
  if (!start && !end) return undefined;
  const image = `linear-gradient(to right, ${start ? `transparent, #000 ${FADE}` : '#000'}, ${
    end ? `#000 calc(100% - ${FADE}), transparent` : '#000'
  })`;
  return { maskImage: image, WebkitMaskImage: image };
};

const reducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A row of items (tabs, links) that scrolls sideways when it does not fit, and shows that it
 * does: an edge that hides items fades out and carries a button that scrolls the row by most of
 * its width. The current item (`aria-current`, `aria-selected="true"`) is scrolled into view.
 * The buttons serve pointers and touch only (out of the Tab order, hidden from assistive
 * technology): moving focus along the items scrolls the row by itself.
 */
export function ScrollStrip({ children, className, activeKey }: ScrollStripProps) {
  const { t } = useUiTexts();
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  // items come and go, texts change language: measure after every render (cheap, and a no-op when nothing changed)
  useEffect(measure);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useLayoutEffect(() => {
    const el = ref.current;
    const current = el?.querySelector<HTMLElement>(CURRENT);
    if (!el || !current) return;
    const max = el.scrollWidth - el.clientWidth;
    if (max <= 0) return;
    const row = el.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    let shift = 0;
    if (item.left < row.left + EDGE) shift = item.left - (row.left + EDGE);
    else if (item.right > row.right - EDGE) shift = item.right - (row.right - EDGE);
    if (shift !== 0) el.scrollLeft = Math.min(max, Math.max(0, el.scrollLeft + shift));
    measure();
  }, [activeKey, measure]);

  const scroll = (direction: -1 | 1) => {
    const el = ref.current;
    if (!el) return;
    const left = direction * el.clientWidth * PAGE;
    if (typeof el.scrollBy === 'function') el.scrollBy({ left, behavior: reducedMotion() ? 'auto' : 'smooth' });
    else el.scrollLeft += left;
    measure();
  };

  const button = (direction: -1 | 1) => (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      title={direction < 0 ? t('scrollLeft') : t('scrollRight')}
      onClick={() => scroll(direction)}
      className={cn(
        'absolute inset-y-0 z-[1] flex w-8 items-center text-neutral-600 hover:text-neutral-900',
        direction < 0 ? 'start-0 justify-start' : 'end-0 justify-end',
      )}
    >
      <span className="flex size-7 items-center justify-center rounded-full bg-surface shadow-sm ring-1 ring-neutral-200">
        <ChevronIcon direction={direction < 0 ? 'left' : 'right'} size={16} />
      </span>
    </button>
  );

  return (
    <div className="relative">
      <div
        ref={ref}
        onScroll={measure}
        className={cn('flex overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden', className)}
        style={maskFor(edges.start, edges.end)}
      >
        {children}
      </div>
      {edges.start && button(-1)}
      {edges.end && button(1)}
    </div>
  );
}
