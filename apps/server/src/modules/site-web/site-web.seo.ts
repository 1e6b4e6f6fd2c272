import type { Language } from '@tourdesk/contract';

const xml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** robots.txt of a site: everything open, with its sitemap; all closed while the site is unpublished. */
export const robotsTxt = (origin: string | null): string =>
  origin ? `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n` : 'User-agent: *\nDisallow: /\n';

/** sitemap.xml of the site's pages, each with its en and ru alternates (hreflang). */
export const sitemapXml = (urls: readonly string[]): string => {
  const entry = (url: string) => {
    const sep = url.includes('?') ? '&' : '?';
    const alternates = (['en', 'ru'] as const)
      .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(`${url}${sep}lang=${l}`)}"/>`)
      .join('');
    return `<url><loc>${xml(url)}</loc>${alternates}</url>`;
  };
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.map(entry).join('\n') +
    '\n</urlset>\n'
  );
};

const NO_SITE = {
  en: { title: 'No site here yet', text: 'This address has no published site.' },
  ru: { title: 'Здесь пока нет сайта', text: 'По этому адресу сайт ещё не опубликован.' },
} as const;

/** The page of a host or preview path with no published site behind it (404). */
export const noSitePage = (lang: Language): string => {
  const t = NO_SITE[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title><style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;color:#1f2933}main{text-align:center;padding:24px}h1{font-size:28px;margin:0 0 8px}p{margin:0;color:#52606d}</style></head><body><main><h1>${t.title}</h1><p>${t.text}</p></main></body></html>`;
};

/** A site's default icon: the first letter of its name on its primary colour (SVG). */
export const initialIcon = (name: string, background: string, color: string): string => {
  const letter = xml([...name.trim()][0]?.toUpperCase() ?? '•');
  const hex = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : '#333333');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${hex(background)}"/><text x="32" y="44" font-family="system-ui,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="${hex(color)}">${letter}</text></svg>`;
};
