import sanitizeHtml from 'sanitize-html';
import {
  BLOCK_LINK_KIND,
  SITE_BLOCK_TYPE_NAMES,
  SITE_PAGE_BLOCKS,
  type Image,
  type PageType,
  type TypedSiteBlock,
} from '@tourdesk/contract';
import type { FieldMessages, MessageRef } from '../../lib/app-error';
import type { FileRow, SiteQueries } from './site.repository';

/**
 * What save-page-blocks and validate-block check beyond the contract's schema: the block types a
 * page takes, unique block ids, that every tour, departure and image a block names is the
 * organizer's (each image's url replaced by the server's own: a client's url is never trusted),
 * and the text block's HTML sanitised.
 */

const add = (errors: FieldMessages, path: string, message: MessageRef): void => {
  (errors[path] ??= []).push(message);
};

/** The rich text's allow-list: paragraphs, headings h2–h4, lists, links (http, https, mailto), emphasis, quotes. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'u', 'br', 'blockquote'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // a link opens in a new tab and hands the page nothing
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
  },
};
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT).trim();

/** An image an organizer may show: its own public image (or one the user uploaded and has not attached yet). */
export const usableImage = (f: FileRow | undefined, organizerId: number, userId: number): boolean =>
  !!f &&
  f.kind === 'image' &&
  f.is_public &&
  f.download_status === 2 &&
  (f.organizer_id === null ? f.user_id === userId : f.organizer_id === organizerId);

type Ref = { path: string; id: number };
interface Refs {
  images: (Ref & { set: (img: Image) => void })[];
  tours: Ref[];
  dates: Ref[];
}

/** Walks a block's data for what it names: images (media, posters, logos), tour and departure ids. */
const collect = (value: unknown, path: string, refs: Refs): void => {
  if (Array.isArray(value)) return value.forEach((v, i) => collect(v, `${path}.${i}`, refs));
  if (!value || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  if (o.kind === 'image' && o.image && typeof o.image === 'object') {
    const img = o.image as Image;
    refs.images.push({ path: `${path}.image.id`, id: img.id, set: (v) => (o.image = { ...v, alt: img.alt }) });
  }
  if (o.kind === 'video' && o.poster && typeof o.poster === 'object') {
    const img = o.poster as Image;
    refs.images.push({ path: `${path}.poster.id`, id: img.id, set: (v) => (o.poster = { ...v, alt: img.alt }) });
  }
  if (o.kind === BLOCK_LINK_KIND.crm_booking) {
    if (typeof o.tour_id === 'number') refs.tours.push({ path: `${path}.tour_id`, id: o.tour_id });
    if (typeof o.tour_date_id === 'number') refs.dates.push({ path: `${path}.tour_date_id`, id: o.tour_date_id });
  }
  for (const [k, v] of Object.entries(o)) {
    if (k === 'tour_ids' && Array.isArray(v))
      v.forEach((id, i) => typeof id === 'number' && refs.tours.push({ path: `${path}.${k}.${i}`, id }));
    else if (k !== 'image' && k !== 'poster') collect(v, `${path}.${k}`, refs);
  }
};

/**
 * Checks blocks (already parsed by the contract) for a page type, adding field errors under
 * `prefix` (`blocks` → `blocks.3.type`); rewrites them in place: image urls the server's, the
 * text block's HTML sanitised. Answers the uploads to attach to the organizer.
 */
export const checkBlocks = async (
  q: SiteQueries,
  opts: { organizerId: number; userId: number; fileUrl: (id: number) => string },
  pageType: PageType | null,
  blocks: { block: TypedSiteBlock; path: string }[],
  errors: FieldMessages,
): Promise<number[]> => {
  const seen = new Set<string>();
  const refs: Refs = { images: [], tours: [], dates: [] };
  for (const { block, path } of blocks) {
    const name = SITE_BLOCK_TYPE_NAMES[block.type];
    if (pageType && !SITE_PAGE_BLOCKS[pageType].includes(name)) add(errors, `${path}.type`, 'site_block_not_on_page');
    if (seen.has(block.id)) add(errors, `${path}.id`, 'site_block_duplicate_id');
    seen.add(block.id);
    if (name === 'text') {
      const data = block.data as { html: string };
      data.html = sanitizeRichText(data.html);
    }
    collect(block.data, `${path}.data`, refs);
  }
  const files = new Map((await q.files([...new Set(refs.images.map((r) => r.id))])).map((f) => [f.id, f]));
  const attach = new Set<number>();
  for (const ref of refs.images) {
    const f = files.get(ref.id);
    if (!usableImage(f, opts.organizerId, opts.userId)) add(errors, ref.path, 'file_not_usable');
    else {
      if (f!.organizer_id === null) attach.add(f!.id);
      // the alt text the client sent is kept: it is the organizer's own words
      ref.set({ id: f!.id, url: opts.fileUrl(f!.id), alt: '' });
    }
  }
  const own = new Map((await q.tourOwners([...new Set(refs.tours.map((r) => r.id))])).map((t) => [t.id, t]));
  for (const ref of refs.tours)
    if (own.get(ref.id)?.organizer_id !== opts.organizerId) add(errors, ref.path, 'tour_not_found');
  const dates = new Map((await q.dateOwners([...new Set(refs.dates.map((r) => r.id))])).map((d) => [d.id, d]));
  for (const ref of refs.dates)
    if (dates.get(ref.id)?.organizer_id !== opts.organizerId) add(errors, ref.path, 'tour_date_not_found');
  return [...attach];
};
