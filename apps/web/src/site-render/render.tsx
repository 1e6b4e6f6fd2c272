import { renderToString } from 'react-dom/server';
import { SiteApp } from './app';
import { siteText } from './i18n';
import { presetColors, presetStyle } from './preset-style';
import type { SiteDocumentInput, SiteIslandState, SiteState } from './types';

export type { SiteDocumentInput, SiteState } from './types';

/** Text for HTML content and attribute values. */
const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * JSON for a <script> element: `<` (and the JS line separators) escaped, so no string in it can
 * close the script (`</script>`) or open a comment (`<!--`).
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** What the server renders the page from. */
const siteStateOf = (input: SiteDocumentInput): SiteState => ({
  lang: input.lang,
  org: input.org,
  tours: input.tours,
  tour: input.tour,
  schedule: input.schedule,
  base: input.base,
  ...(input.langParam ? { langParam: input.langParam } : {}),
  ...(input.reviews ? { reviews: input.reviews } : {}),
  view: input.view,
});

/**
 * What the browser's islands need: the context they render with, the tour as the page shows it
 * (a tour page's own); no tour cards, schedule or page (each island carries its block).
 */
export const siteIslandStateOf = (input: SiteDocumentInput): SiteIslandState => ({
  lang: input.lang,
  org: input.org,
  tours: [],
  tour: input.tour ?? (input.view.kind === 'page' ? input.view.page.tour : null),
  schedule: null,
  base: input.base,
  ...(input.langParam ? { langParam: input.langParam } : {}),
});

/** The markup of #site-root alone. */
export const renderSiteMarkup = (input: SiteDocumentInput): string =>
  renderToString(<SiteApp state={siteStateOf(input)} />);

/** A URL for the head's links and meta: absolute http(s) or a path of this site, else nothing. */
const headUrl = (url: string | null | undefined): string | null =>
  url && /^(https?:\/\/|\/(?!\/))/i.test(url.trim()) ? url.trim() : null;

const OG_LOCALE = { en: 'en_US', ru: 'ru_RU' } as const;

/** The page's title when the metadata has none. */
const fallbackTitle = (input: SiteDocumentInput): string => {
  const text = siteText(input.lang);
  const { view, org } = input;
  const part =
    view.kind === 'page'
      ? (input.tour ?? view.page.tour)?.name
      : view.kind === 'document'
        ? text.t(view.document.type)
        : view.kind === 'schedule'
          ? text.t('scheduleTitle')
          : view.kind === 'booking'
            ? [text.t('bookingTitle'), view.booking.tour?.name].filter(Boolean).join(': ')
            : text.t('notFoundTitle');
  return part ? `${part} — ${org.name}` : org.name;
};

/** The whole HTML document of a public page. */
export const renderSiteDocument = (input: SiteDocumentInput): string => {
  const { metadata: meta, org } = input;
  const markup = renderSiteMarkup(input);
  const title = meta.title || fallbackTitle(input);
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
  ];
  if (meta.description) head.push(`<meta name="description" content="${esc(meta.description)}">`);
  if (input.view.kind === 'not_found' || input.view.kind === 'booking')
    head.push('<meta name="robots" content="noindex">');
  const canonical = headUrl(meta.canonical);
  const image = headUrl(meta.image);
  const alternates = meta.alternates.flatMap((a) => {
    const url = headUrl(a.url);
    return url ? [{ lang: a.lang, url }] : [];
  });
  if (canonical) head.push(`<link rel="canonical" href="${esc(canonical)}">`);
  for (const alt of alternates) head.push(`<link rel="alternate" hreflang="${esc(alt.lang)}" href="${esc(alt.url)}">`);
  // x-default: the English page (the site's pages without ?lang), else the first alternate
  const xDefault = alternates.find((a) => a.lang === 'en') ?? alternates[0];
  if (xDefault) head.push(`<link rel="alternate" hreflang="x-default" href="${esc(xDefault.url)}">`);
  head.push(
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${esc(org.name)}">`,
    `<meta property="og:title" content="${esc(title)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[input.lang] ?? 'en_US'}">`,
  );
  if (meta.description) head.push(`<meta property="og:description" content="${esc(meta.description)}">`);
  if (canonical) head.push(`<meta property="og:url" content="${esc(canonical)}">`);
  if (image) head.push(`<meta property="og:image" content="${esc(image)}">`);
  head.push(
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(title)}">`,
  );
  if (meta.description) head.push(`<meta name="twitter:description" content="${esc(meta.description)}">`);
  if (image) head.push(`<meta name="twitter:image" content="${esc(image)}">`);
  head.push(
    `<link rel="icon" href="${esc(headUrl(org.favicon_url) ?? '/favicon.ico')}">`,
    `<meta name="theme-color" content="${esc(presetColors(org).primary)}">`,
    // presetStyle keeps `<` out of every value it writes; the replace is a second lock on </style>
    `<style id="site-preset">${presetStyle(org).replace(/</g, '\\3c ')}</style>`,
    ...input.assets.css.map((href) => `<link rel="stylesheet" href="${esc(href)}">`),
  );
  // the script only for a page with an interactive part (island.tsx): else the page is its HTML
  const js = input.assets.js && markup.includes('data-island=') ? input.assets.js : null;
  if (js) head.push(`<link rel="modulepreload" href="${esc(js)}">`);
  for (const ld of meta.json_ld) head.push(`<script type="application/ld+json">${scriptJson(ld)}</script>`);
  const body = [
    `<div id="site-root">${markup}</div>`,
    js ? `<script type="application/json" id="site-state">${scriptJson(siteIslandStateOf(input))}</script>` : '',
    js ? `<script type="module" src="${esc(js)}" defer></script>` : '',
  ].join('');
  return `<!doctype html><html lang="${esc(input.lang)}"><head>${head.join('')}</head><body>${body}</body></html>`;
};
