import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** A rendered page as it is sent: the HTML and its compressed forms, made once. */
export interface CachedPage {
  status: number;
  etag: string;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

export const cachedPageOf = (html: string, status: number): CachedPage => {
  const plain = Buffer.from(html, 'utf8');
  return {
    status,
    etag: `"${crypto.createHash('sha1').update(plain).digest('base64url')}"`,
    plain,
    br: zlib.brotliCompressSync(plain, BROTLI),
    gzip: zlib.gzipSync(plain, { level: 6 }),
  };
};

/**
 * The published pages' HTML, per (site, the site's change stamp, path, language): a publish or a
 * change of the site's tours changes the stamp, so a stale page is never read again and ages out.
 * At most `max` pages (least recently used go first).
 */
export const createPageCache = (max = 500) => {
  const pages = new Map<string, CachedPage>();
  return {
    get: (key: string): CachedPage | undefined => {
      const hit = pages.get(key);
      if (hit) {
        pages.delete(key);
        pages.set(key, hit);
      }
      return hit;
    },
    set: (key: string, page: CachedPage): void => {
      if (max === 0) return;
      pages.delete(key);
      pages.set(key, page);
      while (pages.size > max) pages.delete(pages.keys().next().value as string);
    },
    get size() {
      return pages.size;
    },
    clear: () => pages.clear(),
  };
};
export type PageCache = ReturnType<typeof createPageCache>;
