// Heavy: import lazily via '@tourdesk/ui/carousel' or LazyCarousel from '@tourdesk/ui'.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { cn } from './cn';
import { CAROUSEL_DEFAULTS } from './constants';
import { useUiTexts } from './i18n';
import { ChevronIcon } from './close-icon';

export type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * Embla options for the product defaults: swipe threshold 5 px (dragThreshold) and a
 * 300 ms transition. Embla's `duration` is not in ms; ~25 gives about 300 ms, so the
 * speed is scaled by 12 ms per unit.
 */
export function carouselOptions(
  speed: number = CAROUSEL_DEFAULTS.speed,
  swipeThreshold: number = CAROUSEL_DEFAULTS.swipeThreshold,
  loop = false,
): CarouselOptions {
  return {
    dragThreshold: swipeThreshold,
    duration: Math.max(10, Math.round(speed / 12)),
    loop,
    align: 'start',
    containScroll: 'trimSnaps',
  };
}

/**
 * Long swipe: a drag longer than `ratio` (0.5) of the slide width moves a slide even if
 * the release velocity is low. Returns -1, 0 or 1 slides to move.
 */
export function longSwipeStep(
  dragDistance: number,
  slideWidth: number,
  ratio: number = CAROUSEL_DEFAULTS.longSwipeRatio,
): -1 | 0 | 1 {
  if (slideWidth <= 0 || Math.abs(dragDistance) <= slideWidth * ratio) return 0;
  return dragDistance < 0 ? 1 : -1;
}

export interface CarouselProps {
  slides: ReactNode[];
  /** Accessible name of the carousel. */
  label: string;
  speed?: number;
  swipeThreshold?: number;
  longSwipeRatio?: number;
  loop?: boolean;
  /** Slide width as a CSS basis, e.g. '100%' or '80%'. */
  slideBasis?: string;
  className?: string;
  onSlideChange?: (index: number) => void;
}

/** A carousel on embla: speed 300 ms, swipe threshold 5, long-swipe ratio 0.5; arrows and dots. */
export function Carousel({
  slides,
  label,
  speed = CAROUSEL_DEFAULTS.speed,
  swipeThreshold = CAROUSEL_DEFAULTS.swipeThreshold,
  longSwipeRatio = CAROUSEL_DEFAULTS.longSwipeRatio,
  loop = false,
  slideBasis = '100%',
  className,
  onSlideChange,
}: CarouselProps) {
  const { t } = useUiTexts();
  const [viewportRef, api] = useEmblaCarousel(carouselOptions(speed, swipeThreshold, loop));
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);

  const sync = useCallback(() => {
    if (!api) return;
    setSelected(api.selectedScrollSnap());
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
    onSlideChange?.(api.selectedScrollSnap());
  }, [api, onSlideChange]);

  useEffect(() => {
    if (!api) return;
    let dragStart: number | null = null;
    const onPointerDown = () => {
      dragStart = api.scrollProgress();
    };
    // Apply the long-swipe rule when a slow drag would otherwise snap back.
    const onPointerUp = () => {
      if (dragStart === null) return;
      const node = api.rootNode();
      const slideWidth = api.slideNodes()[0]?.getBoundingClientRect().width ?? node.clientWidth;
      const contentWidth = api.containerNode().scrollWidth - node.clientWidth;
      const moved = (api.scrollProgress() - dragStart) * contentWidth;
      dragStart = null;
      const step = longSwipeStep(-moved, slideWidth, longSwipeRatio);
      const target = selected + step;
      if (step !== 0 && api.selectedScrollSnap() === selected && target >= 0 && target < api.scrollSnapList().length)
        api.scrollTo(target);
    };
    api.on('select', sync).on('reInit', sync).on('pointerDown', onPointerDown).on('pointerUp', onPointerUp);
    return () => {
      api.off('select', sync).off('reInit', sync).off('pointerDown', onPointerDown).off('pointerUp', onPointerUp);
    };
  }, [api, sync, selected, longSwipeRatio]);

  const arrow =
    'absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-surface-raised/90 text-neutral-800 shadow disabled:opacity-0 focus-visible:outline-2 focus-visible:outline-primary-500';

  return (
    <section aria-roledescription={t('carousel')} aria-label={label} className={cn('relative', className)}>
      <div ref={viewportRef} className="overflow-hidden rounded-xl">
        <div className="flex touch-pan-y gap-3">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription={t('slideRole')}
              aria-label={t('slide', { index: index + 1, count: slides.length })}
              className="min-w-0 shrink-0 grow-0"
              style={{ flexBasis: slideBasis }}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        <>
          <button
            type="button"
            className={cn(arrow, 'start-2')}
            aria-label={t('previousSlide')}
            disabled={!canPrev && !loop}
            onClick={() => api?.scrollPrev()}
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className={cn(arrow, 'end-2')}
            aria-label={t('nextSlide')}
            disabled={!canNext && !loop}
            onClick={() => api?.scrollNext()}
          >
            <ChevronIcon direction="right" />
          </button>
          <div className="mt-3 flex justify-center gap-1.5">
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                aria-label={t('slide', { index: index + 1, count: slides.length })}
                aria-current={index === selected || undefined}
                className={cn(
                  'size-2.5 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-primary-500',
                  index === selected ? 'bg-primary-600' : 'bg-neutral-300',
                )}
                onClick={() => api?.scrollTo(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
