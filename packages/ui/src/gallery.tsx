// Heavy: import lazily via '@tourdesk/ui/gallery' or LazyGallery / LazyMediaViewer from '@tourdesk/ui'.
import 'yet-another-react-lightbox/styles.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import Lightbox, { type ControllerRef, type GenericSlide, type Slide } from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import { cn } from './cn';
import { DOUBLE_TAP_DELAY, DOUBLE_TAP_ZOOM_SCALE, GALLERY_SWIPE_THRESHOLD, GALLERY_TRANSITION } from './constants';
import { useUiTexts } from './i18n';
import { parseVideoUrl, thumbnailSize } from './media';

export { parseVideoUrl, thumbnailSize, type ParsedVideo, type VideoProvider } from './media';

declare module 'yet-another-react-lightbox' {
  interface SlideEmbed extends GenericSlide {
    type: 'embed';
    embedUrl: string;
    title: string;
  }
  interface SlideTypes {
    embed: SlideEmbed;
  }
}

/** A gallery item: an image (`src`) or a video (`video_url`), with `alt`. */
export interface GalleryItem {
  src?: string;
  video_url?: string;
  alt: string;
  /** Poster for a video whose provider has none. */
  poster?: string;
}

/** Builds a resized URL for a thumbnail (e.g. a CDN variant); default: the URL as is. */
export type ThumbnailUrl = (url: string, size: { width: number; height?: number }) => string;

const identity: ThumbnailUrl = (url) => url;

export function toSlides(items: readonly GalleryItem[]): Slide[] {
  return items.map((item) => {
    const video = item.video_url ? parseVideoUrl(item.video_url) : null;
    if (video) return { type: 'embed', embedUrl: video.embedUrl, title: item.alt } as Slide;
    return { src: item.src ?? '', alt: item.alt } as Slide;
  });
}

export interface MediaViewerProps {
  items: readonly GalleryItem[];
  open: boolean;
  index: number;
  onClose: () => void;
  onIndexChange?: (index: number) => void;
}

/**
 * A full-screen media viewer (yet-another-react-lightbox): Escape closes, arrows move,
 * swipe over 100 px, 300 ms transitions, double tap within 300 ms zooms to 2x,
 * YouTube / Vimeo / RuTube videos in iframes.
 */
export function MediaViewer({ items, open, index, onClose, onIndexChange }: MediaViewerProps) {
  const { t } = useUiTexts();
  const slides = useMemo(() => toSlides(items), [items]);
  const controller = useRef<ControllerRef | null>(null);
  const zoomLevel = useRef(1);

  // Our own swipe detection: the library's threshold is fixed, the product's is 100 px.
  useEffect(() => {
    if (!open) return;
    let start: { x: number; y: number } | null = null;
    const onDown = (event: PointerEvent) => {
      start = { x: event.clientX, y: event.clientY };
    };
    const onUp = (event: PointerEvent) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (zoomLevel.current > 1 || Math.abs(dx) <= GALLERY_SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) controller.current?.next();
      else controller.current?.prev();
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointerup', onUp, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('pointerup', onUp, true);
    };
  }, [open]);

  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      carousel={{ finite: slides.length <= 1 }}
      animation={{ fade: GALLERY_TRANSITION, swipe: GALLERY_TRANSITION, navigation: GALLERY_TRANSITION }}
      controller={{ ref: controller, closeOnBackdropClick: true, disableSwipeNavigation: true }}
      zoom={{
        zoomInMultiplier: DOUBLE_TAP_ZOOM_SCALE,
        doubleTapDelay: DOUBLE_TAP_DELAY,
        doubleClickDelay: DOUBLE_TAP_DELAY,
        doubleClickMaxStops: 1,
        maxZoomPixelRatio: DOUBLE_TAP_ZOOM_SCALE,
      }}
      on={{
        view: ({ index: current }) => onIndexChange?.(current),
        zoom: ({ zoom }) => {
          zoomLevel.current = zoom;
        },
      }}
      labels={{
        Previous: t('previousSlide'),
        Next: t('nextSlide'),
        Close: t('close'),
        Lightbox: t('mediaViewer'),
        Slide: t('slideRole'),
        Carousel: t('carousel'),
        'Photo gallery': t('photoGallery'),
        '{index} of {total}': t('slideCounter'),
        'Zoom in': t('zoomIn'),
        'Zoom out': t('zoomOut'),
      }}
      render={{
        slide: ({ slide }) =>
          slide.type === 'embed' ? (
            <div className="flex size-full items-center justify-center p-4">
              <iframe
                src={slide.embedUrl}
                title={slide.title}
                className="aspect-video w-full max-w-5xl rounded-lg border-0 bg-black"
                allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
                allowFullScreen
              />
            </div>
          ) : undefined,
      }}
      styles={{ container: { backgroundColor: 'rgb(0 0 0 / 0.9)' } }}
    />
  );
}

export interface GalleryProps {
  items: readonly GalleryItem[];
  /** Thumbnail URL builder: images are requested 1200 wide, video posters 374x500. */
  thumbnailUrl?: ThumbnailUrl;
  /** Accessible name of the thumbnails list. */
  label?: string;
  className?: string;
  onIndexChange?: (index: number) => void;
}

/** Thumbnails that open the media viewer. */
export function Gallery({ items, thumbnailUrl = identity, label, className, onIndexChange }: GalleryProps) {
  const { t } = useUiTexts();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      <ul aria-label={label} className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4', className)}>
        {items.map((item, index) => {
          const video = item.video_url ? parseVideoUrl(item.video_url) : null;
          const poster = video ? (item.poster ?? video.poster) : item.src;
          const size = thumbnailSize(video ? 'video' : 'image');
          return (
            <li key={`${index}-${item.src ?? item.video_url}`}>
              <button
                type="button"
                className="group relative block aspect-[4/3] w-full overflow-hidden rounded-lg bg-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
                aria-label={t('openMedia', { alt: item.alt })}
                onClick={() => setOpenIndex(index)}
              >
                {poster && (
                  <img
                    src={thumbnailUrl(poster, size)}
                    alt=""
                    width={size.width}
                    height={size.height}
                    loading="lazy"
                    className="size-full object-cover transition-transform group-hover:scale-105"
                  />
                )}
                {video && (
                  <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
                    <span className="flex size-12 items-center justify-center rounded-full bg-black/60 text-white">
                      <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
                        <path d="M8 5v14l11-7z" />
                      </svg>
                    </span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <MediaViewer
        items={items}
        open={openIndex !== null}
        index={openIndex ?? 0}
        onClose={() => setOpenIndex(null)}
        onIndexChange={(index) => {
          if (openIndex !== null) onIndexChange?.(index);
        }}
      />
    </>
  );
}
