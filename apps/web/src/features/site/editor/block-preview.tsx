/**
 * A block as the preview shows it until the public renderer (site-render's BlockView) is in this
 * branch: its type, its texts and pictures, and for tour-bound blocks the tours it reads, in the
 * preset's colours. Texts are rendered as text (React escapes them); the text block's rich text
 * shows as plain text here too.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockMedia } from '@tourdesk/contract/entities/site';
import type { SiteBlockTypeName } from '@tourdesk/contract/enum-values';
import type { PreviewContext } from './preview-context';

const TOUR_LIST_BLOCKS: readonly SiteBlockTypeName[] = ['tours', 'schedule', 'other_tours'];
const TOUR_BLOCKS: readonly SiteBlockTypeName[] = [
  'tour_intro',
  'program',
  'livings',
  'guides',
  'price',
  'dates',
  'tour_faq',
];

const BACKGROUNDS: Record<string, (c: PreviewContext['preset']) => CSSProperties> = {
  default: (p) => ({ background: p?.colors.background ?? '#ffffff', color: p?.colors.text ?? '#111827' }),
  muted: (p) => ({ background: p?.colors.surface ?? '#f3f4f6', color: p?.colors.text ?? '#111827' }),
  accent: (p) => ({ background: p?.colors.primary ?? '#2563eb', color: p?.colors.on_primary ?? '#ffffff' }),
  dark: () => ({ background: '#111827', color: '#f9fafb' }),
};

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function MediaThumb({ media }: { media: BlockMedia | null | undefined }) {
  if (!media) return null;
  if (media.kind === 'image')
    return <img src={media.image.url} alt={media.image.alt} className="h-32 w-full rounded-md object-cover" />;
  return (
    <p className="rounded-md border border-current/20 px-3 py-6 text-center text-sm opacity-80">
      ▶ {media.provider}: {media.url}
    </p>
  );
}

export function BlockPreview({
  type,
  data,
  settings,
  hidden,
  ctx,
}: {
  type: SiteBlockTypeName;
  data: Record<string, unknown>;
  settings: Record<string, unknown>;
  hidden: boolean;
  ctx: PreviewContext;
}) {
  const { t } = useTranslation('site');
  const style = (BACKGROUNDS[String(settings.background)] ?? BACKGROUNDS.default!)(ctx.preset);
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  const title = text('title') || text('site_name') || (type === 'tour_intro' ? (ctx.tour?.name ?? '') : '');
  const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
  const shownTours = (() => {
    const ids = Array.isArray(data.tour_ids) ? (data.tour_ids as number[]) : [];
    const all = ctx.tours;
    return ids.length ? ids.map((id) => all.find((tour) => tour.id === id)).filter((tour) => tour !== undefined) : all;
  })();
  return (
    <section
      style={{ ...style, borderRadius: 0, opacity: hidden ? 0.45 : 1 }}
      className={settings.spacing === 'compact' ? 'px-6 py-5' : 'px-6 py-10'}
      aria-label={t(`blocks.${type}`)}
    >
      <p className="mb-2 text-xs font-semibold tracking-wide uppercase opacity-60">
        {t(`blocks.${type}`)}
        {hidden && ` · ${t('preview.hidden')}`}
      </p>
      {title && <h2 className="text-2xl font-bold">{title}</h2>}
      {text('subtitle') && <p className="mt-1 opacity-80">{text('subtitle')}</p>}
      {text('text') && <p className="mt-2 whitespace-pre-line opacity-90">{text('text')}</p>}
      {type === 'text' && text('html') && <p className="mt-2 opacity-90">{plain(text('html'))}</p>}
      <div className="mt-3 grid gap-3">
        <MediaThumb media={(data.media ?? data.logo) as BlockMedia | null} />
      </div>
      {Array.isArray(data.menu) && (data.menu as { text: string }[]).length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-4 text-sm font-medium">
          {(data.menu as { text: string }[]).map((item, i) => (
            <li key={i}>{item.text}</li>
          ))}
        </ul>
      )}
      {TOUR_LIST_BLOCKS.includes(type) && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {shownTours.slice(0, type === 'other_tours' ? Number(data.limit ?? 3) : 6).map((tour) => (
            <li key={tour.id} className="rounded-md border border-current/15 p-3 text-sm">
              <p className="font-semibold">{tour.name}</p>
              {tour.nearest_date && <p className="opacity-70">{tour.nearest_date.date_start}</p>}
            </li>
          ))}
        </ul>
      )}
      {TOUR_BLOCKS.includes(type) && ctx.tour && (
        <p className="mt-3 text-sm opacity-70">{t('preview.fromTour', { name: ctx.tour.name })}</p>
      )}
      {items.length > 0 && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {items.map((item, i) => {
            const media = (item.kind ? item : item.media) as BlockMedia | null | undefined;
            const label = [item.title, item.question, item.value, item.author, item.label, item.text]
              .filter((v) => typeof v === 'string' && v)
              .slice(0, 2)
              .join(' — ');
            return (
              <li key={i} className="rounded-md border border-current/15 p-3 text-sm">
                <MediaThumb media={media} />
                {label && <p className="mt-1">{label}</p>}
              </li>
            );
          })}
        </ul>
      )}
      {ctx.isMock && TOUR_LIST_BLOCKS.includes(type) && (
        <p className="mt-3 text-xs opacity-60">{t('preview.mockTours')}</p>
      )}
    </section>
  );
}
