import { useState, type ReactNode } from 'react';
import { Island } from './island';
import { BLOCK_LINK_KIND } from '@tourdesk/contract/enum-values';
import type { BlockLink, BlockMedia } from '@tourdesk/contract/entities/site';
import type { Image } from '@tourdesk/contract/entities/common';
import { siteText } from './i18n';
import { withLang, type SiteRenderContext } from './types';

/** Where a block link leads: #anchor, the external url, or the booking of the tour (and departure). */
export const linkHref = (link: BlockLink, ctx: SiteRenderContext): string => {
  switch (link.kind) {
    case BLOCK_LINK_KIND.anchor:
      return `#${link.anchor}`;
    case BLOCK_LINK_KIND.external_link:
      return link.url;
    case BLOCK_LINK_KIND.crm_booking:
      return ctx.bookingHref(link.tour_id ?? ctx.tour?.id ?? null, link.tour_date_id);
  }
};

/** Safe for an href: http(s), a path of this site, an anchor, mailto/tel (never javascript:). */
export const safeHref = (href: string): string =>
  /^(https?:\/\/|\/(?!\/)|#|mailto:|tel:|\?)/i.test(href.trim()) || href === '' ? href : '#';

/** An image URL that is safe as src: http(s), a path, or an inline image. */
export const imageSrc = (url: string): string =>
  /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpeg|webp|gif|avif|svg\+xml)[;,])/i.test(url) ? url : '';

/** Props that make a link inert in the editor's preview. */
const inert = (ctx: SiteRenderContext) =>
  ctx.editing
    ? {
        'aria-disabled': true as const,
        onClick: (e: { preventDefault(): void }) => e.preventDefault(),
      }
    : {};

export function SiteLink({
  href,
  ctx,
  className,
  children,
  external,
  ...rest
}: {
  href: string;
  ctx: SiteRenderContext;
  className?: string;
  children: ReactNode;
  external?: boolean;
  'aria-label'?: string;
  'aria-current'?: 'page';
}) {
  return (
    <a
      href={safeHref(withLang(href, ctx))}
      className={className}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
      {...inert(ctx)}
    >
      {children}
    </a>
  );
}

/** A block's button: its text, else "Book" for a booking link; nothing without a link. */
export function BlockButton({
  link,
  ctx,
  variant = 'primary',
  className = '',
}: {
  link: BlockLink | null;
  ctx: SiteRenderContext;
  variant?: 'primary' | 'outline';
  className?: string;
}) {
  if (!link) return null;
  const text = link.text || (link.kind === BLOCK_LINK_KIND.crm_booking ? siteText(ctx.lang).t('book') : '');
  if (!text) return null;
  return (
    <SiteLink
      href={linkHref(link, ctx)}
      ctx={ctx}
      external={link.kind === BLOCK_LINK_KIND.external_link}
      className={`site-btn ${variant === 'outline' ? 'site-btn-outline' : ''} ${className}`}
    >
      {text}
    </SiteLink>
  );
}

/** An uploaded image with its box, lazy unless it is on the first screen. */
export function SiteImage({
  image,
  width,
  height,
  eager = false,
  className = '',
  alt,
  sizes,
}: {
  image: Image;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
  alt?: string;
  sizes?: string;
}) {
  return (
    <img
      src={imageSrc(image.url)}
      alt={alt ?? image.alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      sizes={sizes}
      className={`object-cover ${className}`}
    />
  );
}

const youtubeId = (u: URL): string | null => {
  if (u.hostname === 'youtu.be') return u.pathname.slice(1).split('/')[0] || null;
  if (u.pathname === '/watch') return u.searchParams.get('v');
  const m = /^\/(embed|shorts|live)\/([^/?#]+)/.exec(u.pathname);
  return m ? m[2]! : null;
};

/** The provider's embed URL of a video link (youtube-nocookie, rutube, vimeo), null when it is not one. */
export const videoEmbedUrl = (provider: string, url: string): string | null => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const safe = (id: string | null | undefined) => (id && /^[A-Za-z0-9_-]+$/.test(id) ? id : null);
  if (provider === 'youtube') {
    const id = safe(youtubeId(u));
    return id ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` : null;
  }
  if (provider === 'rutube') {
    const m = /^\/(?:video|play\/embed|video\/embed)\/([A-Za-z0-9]+)/.exec(u.pathname);
    const id = safe(m?.[1]);
    return id ? `https://rutube.ru/play/embed/${id}?autoplay=1` : null;
  }
  if (provider === 'vimeo') {
    const m = /^\/(?:video\/)?(\d+)/.exec(u.pathname);
    const id = safe(m?.[1]);
    return id ? `https://player.vimeo.com/video/${id}?autoplay=1` : null;
  }
  return null;
};

export interface VideoFacadeProps {
  provider: string;
  url: string;
  poster: Image | null;
  title: string;
  ctx: SiteRenderContext;
  className?: string;
}

/** A video facade, an interactive part of the page of its own (island.tsx). */
export function VideoFacade({ ctx, ...props }: VideoFacadeProps) {
  return (
    <Island name="video" props={props} ctx={ctx}>
      <VideoFacadeView ctx={ctx} {...props} />
    </Island>
  );
}

/**
 * A video as a click-to-load facade: the poster and a play button; the provider's iframe (and so
 * any third-party request) appears only after the click.
 */
export function VideoFacadeView({ provider, url, poster, title, ctx, className = '' }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const embed = videoEmbedUrl(provider, url);
  const text = siteText(ctx.lang);
  if (playing && embed)
    return (
      <div className={`site-video ${className}`}>
        <iframe
          src={embed}
          title={title || text.t('video')}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          className="absolute inset-0 h-full w-full border-0"
        />
      </div>
    );
  return (
    <div className={`site-video ${className}`}>
      {poster ? (
        <SiteImage image={poster} width={1280} height={720} className="absolute inset-0 h-full w-full" />
      ) : null}
      <button
        type="button"
        className="site-play"
        aria-label={title ? `${text.t('playVideo')}: ${title}` : text.t('playVideo')}
        onClick={() => {
          if (ctx.editing) return;
          if (embed) setPlaying(true);
          else window.open(url, '_blank', 'noopener,noreferrer');
        }}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}

/** A block's media: an image or a video facade. */
export function MediaView({
  media,
  ctx,
  eager = false,
  width = 1280,
  height = 720,
  className = '',
  title = '',
}: {
  media: BlockMedia | null;
  ctx: SiteRenderContext;
  eager?: boolean;
  width?: number;
  height?: number;
  className?: string;
  title?: string;
}) {
  if (!media) return null;
  if (media.kind === 'image')
    return <SiteImage image={media.image} width={width} height={height} eager={eager} className={className} />;
  return (
    <VideoFacade
      provider={media.provider}
      url={media.url}
      poster={media.poster}
      title={title}
      ctx={ctx}
      className={className}
    />
  );
}

/** A block's title: h1 for the page's one h1 block, else h2. Nothing when empty. */
export function BlockTitle({
  text,
  blockId,
  ctx,
  className = '',
}: {
  text: string;
  blockId: string;
  ctx: SiteRenderContext;
  className?: string;
}) {
  if (!text) return null;
  const Tag = ctx.h1BlockId === blockId ? 'h1' : 'h2';
  return <Tag className={`site-h2 ${className}`}>{text}</Tag>;
}

/** The editor's hint in a block with nothing to show; nothing on the public site. */
export function EditorEmpty({ ctx }: { ctx: SiteRenderContext }) {
  if (!ctx.editing) return null;
  return <p className="site-empty">{siteText(ctx.lang).t('editorEmpty')}</p>;
}

/** Plain text with its line breaks as paragraphs. */
export function Paragraphs({ text, className = '' }: { text: string; className?: string }) {
  const parts = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {parts.map((p, i) => (
        <p key={i} className={`whitespace-pre-line ${className}`}>
          {p}
        </p>
      ))}
    </>
  );
}

export const tourHref = (ctx: SiteRenderContext, screenName: string): string =>
  `${ctx.base}/tours/${encodeURIComponent(screenName)}`;
