import { massMediaArticleSchema, type MassMediaArticle } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import { safeFetch } from '../upload/index';

/**
 * parse-mass-media-article: an article's card (title, picture, source, date) from its page's
 * OpenGraph tags, falling back to <title> and the meta description. The page is fetched with the
 * uploads' SSRF-safe fetch (no private addresses, each redirect checked), at most
 * ARTICLE_MAX_BYTES in ARTICLE_TIMEOUT_MS; any failure is a 422 on `url`.
 */
export const ARTICLE_MAX_BYTES = 2_000_000;
export const ARTICLE_TIMEOUT_MS = 8_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string): string =>
  s
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();

/** The attributes of each <meta> tag of a page. */
const metaTags = (html: string): Record<string, string>[] =>
  [...html.matchAll(/<meta\b([^>]*)>/gi)].map(([, attrs]) => {
    const out: Record<string, string> = {};
    for (const [, k, , v1, v2, v3] of attrs!.matchAll(/([a-zA-Z:-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g))
      out[k!.toLowerCase()] = decode(v1 ?? v2 ?? v3 ?? '');
    return out;
  });

/** The card of a page's HTML (its URL resolves a relative og:image). */
export const articleOf = (html: string, url: string): MassMediaArticle => {
  const metas = metaTags(html);
  const meta = (...keys: string[]): string => {
    for (const key of keys) {
      const tag = metas.find((m) => (m.property ?? m.name ?? '').toLowerCase() === key && m.content);
      if (tag) return tag.content!;
    }
    return '';
  };
  const title = meta('og:title', 'twitter:title') || decode(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '');
  let image: string | null = null;
  const rawImage = meta('og:image', 'og:image:url', 'twitter:image');
  if (rawImage) {
    try {
      const abs = new URL(rawImage, url);
      if (abs.protocol === 'http:' || abs.protocol === 'https:') image = abs.toString();
    } catch {
      image = null;
    }
  }
  const published = meta('article:published_time', 'og:published_time', 'date');
  const card = {
    url,
    title: (title || meta('description', 'og:description')).slice(0, 300),
    source_name: (meta('og:site_name') || new URL(url).hostname.replace(/^www\./, '')).slice(0, 120),
    image: image && image.length <= 1000 ? image : null,
    published_at: published ? published.slice(0, 40) : null,
  };
  return massMediaArticleSchema.parse(card);
};

export const fetchArticle = async (url: string, allowAddresses?: readonly string[]): Promise<MassMediaArticle> => {
  let fetched;
  try {
    fetched = await safeFetch(url, { maxBytes: ARTICLE_MAX_BYTES, timeoutMs: ARTICLE_TIMEOUT_MS, allowAddresses });
  } catch {
    // refused (a private address), too large, failed or timed out: the same to the person
    throw AppError.validation({ url: ['site_article_failed'] });
  }
  const type = (fetched.contentType ?? '').toLowerCase();
  if (type && !type.includes('html')) throw AppError.validation({ url: ['site_article_failed'] });
  return articleOf(fetched.body.toString('utf8'), url);
};
