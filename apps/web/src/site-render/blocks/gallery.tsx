import { useEffect, useRef, useState } from 'react';
import { siteText } from '../i18n';
import { BlockTitle, EditorEmpty, SiteImage, VideoFacade, imageSrc } from '../shared';
import type { BlockProps } from './props';

/**
 * Photos (and videos) in a grid; a photo opens in a small own lightbox: arrows and ←/→ move,
 * Tab stays among its buttons, Escape closes and the focus returns to the photo opened.
 */
export function GalleryBlock({ block, ctx }: BlockProps<'gallery'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const images = data.items.flatMap((m) => (m.kind === 'image' ? [m.image] : []));
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (open === null) return;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(null);
        opener.current?.focus();
      } else if (e.key === 'Tab') {
        // the focus stays in the lightbox: Tab and Shift+Tab go round its buttons
        const buttons = [...(dialog.current?.querySelectorAll<HTMLElement>('button:not([tabindex="-1"])') ?? [])];
        if (buttons.length === 0) return;
        const at = buttons.indexOf(document.activeElement as HTMLElement);
        const next = e.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : at === buttons.length - 1 ? 0 : at + 1;
        e.preventDefault();
        buttons[next]!.focus();
      } else if (e.key === 'ArrowRight') setOpen((i) => (i === null ? i : (i + 1) % images.length));
      else if (e.key === 'ArrowLeft') setOpen((i) => (i === null ? i : (i - 1 + images.length) % images.length));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, images.length]);

  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  let imageIndex = -1;
  const current = open === null ? null : images[open];
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {data.items.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
        {data.items.map((item, i) => {
          if (item.kind === 'video')
            return (
              <li key={i} className="col-span-2">
                <VideoFacade
                  provider={item.provider}
                  url={item.url}
                  poster={item.poster}
                  title={data.title}
                  ctx={ctx}
                  className="site-radius"
                />
              </li>
            );
          const index = ++imageIndex;
          return (
            <li key={i}>
              <button
                type="button"
                className="site-thumb"
                aria-label={item.image.alt || text.t('openPhoto', { n: index + 1 })}
                onClick={(e) => {
                  if (ctx.editing) return;
                  opener.current = e.currentTarget;
                  setOpen(index);
                }}
              >
                <SiteImage image={item.image} alt="" width={480} height={480} className="aspect-square h-full w-full" />
              </button>
            </li>
          );
        })}
      </ul>
      {current ? (
        <div
          ref={dialog}
          role="dialog"
          aria-modal="true"
          aria-label={text.t('photoOf', { n: (open ?? 0) + 1, total: images.length })}
          tabIndex={-1}
          className="site-lightbox"
        >
          {/* the backdrop closes the lightbox on a click (the Close button is the keyboard's way) */}
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="absolute inset-0 cursor-default"
            onClick={close}
          />
          <img
            src={imageSrc(current.url)}
            alt={current.alt}
            className="relative max-h-[85vh] max-w-[92vw] object-contain"
          />
          <p className="sr-only" aria-live="polite">
            {text.t('photoOf', { n: (open ?? 0) + 1, total: images.length })}
          </p>
          <button
            type="button"
            className="site-lightbox-btn right-3 top-3"
            aria-label={text.t('close')}
            onClick={close}
          >
            ✕
          </button>
          {images.length > 1 ? (
            <>
              <button
                type="button"
                className="site-lightbox-btn left-3 top-1/2"
                aria-label={text.t('previous')}
                onClick={() => setOpen((i) => (i === null ? i : (i - 1 + images.length) % images.length))}
              >
                ‹
              </button>
              <button
                type="button"
                className="site-lightbox-btn right-3 top-1/2"
                aria-label={text.t('next')}
                onClick={() => setOpen((i) => (i === null ? i : (i + 1) % images.length))}
              >
                ›
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
