import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typedSiteBlockSchema, type TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import { SITE_BLOCK_TYPE, SITE_BLOCK_TYPE_NAMES, type SiteBlockTypeName } from '@tourdesk/contract/enum-values';
import { SITE_PAGE_BLOCKS } from '@tourdesk/contract/entities/site-values';
import { BlockView } from './block-view';
import { hydrateSite } from './client';
import {
  FIXTURE_PRESETS,
  fixtureContext,
  fixtureDocumentInput,
  fixtureHiddenBlock,
  fixtureMainPage,
  fixtureOrg,
  fixtureSiteBlocks,
  fixtureTour,
  fixtureTourPage,
} from './fixtures';
import { siteText } from './i18n';
import { contrastRatio, presetColors, presetStyle } from './preset-style';
import { renderSiteDocument, renderSiteMarkup, siteIslandStateOf } from './render';
import { linkHref, videoEmbedUrl, VideoFacade } from './shared';
import { contextOf, type SiteDocumentInput, type SiteRenderContext } from './types';

const NAMES = Object.keys(SITE_BLOCK_TYPE) as SiteBlockTypeName[];
const emptyBlock = (name: SiteBlockTypeName): TypedSiteBlock =>
  typedSiteBlockSchema.parse({ id: `b-${name}`, type: SITE_BLOCK_TYPE[name] });
const ctxOf = (over: Partial<SiteRenderContext> = {}): SiteRenderContext => ({
  ...contextOf(fixtureContext('en', fixtureTour)),
  ...over,
});
const parse = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');

describe('blocks', () => {
  it('every block type renders from its empty data, with and without a tour, in the editor and on the site', () => {
    for (const name of NAMES) {
      const block = emptyBlock(name);
      for (const ctx of [
        ctxOf(),
        ctxOf({ tour: null, tours: [], schedule: null }),
        ctxOf({ editing: true }),
        ctxOf({ editing: true, tour: null, tours: [], schedule: null, lang: 'ru' }),
      ]) {
        const html = renderToString(<BlockView block={block} ctx={ctx} />);
        if (ctx.editing && ctx.tour) expect(html, name).toContain(`id="b-${name}"`);
        expect(html, name).not.toContain('undefined');
        expect(html, name).not.toContain('NaN');
      }
    }
  });

  it('the live blocks show an empty state, never an empty layout', () => {
    const ctx = ctxOf({ tour: { ...fixtureTour, dates: [], program: [], guides: [], questions: [] }, tours: [] });
    const html = (name: SiteBlockTypeName) => renderToString(<BlockView block={emptyBlock(name)} ctx={ctx} />);
    expect(html('dates')).toContain('No departures yet');
    expect(html('program')).toContain('The programme will be published soon.');
    expect(html('guides')).toContain('The guides will be announced soon.');
    expect(html('tours')).toContain('No tours yet.');
    expect(html('tour_faq')).toContain('No questions yet.');
    const ru = ctxOf({ lang: 'ru', tour: { ...fixtureTour, dates: [] }, schedule: null, tours: [] });
    expect(renderToString(<BlockView block={emptyBlock('schedule')} ctx={ru} />)).toContain('Пока нет заездов');
  });

  it('a block the provider left empty is left out of the public page, and hinted in the editor', () => {
    const gallery = emptyBlock('gallery');
    expect(renderToString(<BlockView block={gallery} ctx={ctxOf()} />)).toBe('');
    expect(renderToString(<BlockView block={gallery} ctx={ctxOf({ editing: true })} />)).toContain('fill this block');
    expect(renderToString(<BlockView block={fixtureHiddenBlock} ctx={ctxOf({ editing: true })} />)).toBe('');
  });

  it('the fixtures hold every block type, each on a page that takes it, and all render their data', () => {
    const used = new Set(
      [...fixtureSiteBlocks, ...fixtureMainPage.blocks, ...fixtureTourPage.blocks].map((b) => b.type),
    );
    expect([...used].sort((a, b) => a - b)).toEqual(Object.values(SITE_BLOCK_TYPE));
    for (const [page, type] of [
      [fixtureMainPage, 'main'],
      [fixtureTourPage, 'tour'],
    ] as const)
      for (const b of page.blocks) {
        expect(SITE_PAGE_BLOCKS[type]).toContain(SITE_BLOCK_TYPE_NAMES[b.type]);
        expect(typedSiteBlockSchema.safeParse(b).success, b.id).toBe(true);
      }
    const tourDoc = parse(renderSiteMarkup(fixtureDocumentInput('tour')));
    const blocks = [...tourDoc.querySelectorAll('section[data-block]')].map((s) => s.getAttribute('data-block'));
    expect(blocks).toEqual(fixtureTourPage.blocks.map((b) => SITE_BLOCK_TYPE_NAMES[b.type]));
    const text = tourDoc.body.textContent!;
    // live tour data: programme days and meals, dates with free seats and price, guides, accommodation, questions
    expect(text).toContain('Day 3. The pass');
    expect(text).toContain('Meals: breakfast, lunch, dinner');
    expect(text).toContain('Free seats: 8');
    expect(text).toContain('No seats left');
    expect(text).toContain('48,500');
    expect(text).toContain('Anna Sokolova');
    expect(text).toContain('Wooden cabin');
    expect(text).toContain('4 nights');
    expect(text).toContain('Do I need experience with horses?');
    expect(text).toContain('Flights to Gorno-Altaysk');
    // other tours leave the page's own tour out
    expect(tourDoc.querySelector('[data-block="other_tours"]')!.textContent).not.toContain(fixtureTour.name);
    // 5 dates shown, the rest behind "show more"
    expect(tourDoc.querySelectorAll('[data-block="dates"] li')).toHaveLength(5);
  });

  it('the dates list shows more on a click', () => {
    render(<BlockView block={fixtureTourPage.blocks.find((b) => b.id === 'dates')!} ctx={ctxOf()} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: /Show more dates/ }));
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('the gallery opens a photo, moves with the arrows and closes with Escape back to the photo', () => {
    render(<BlockView block={fixtureMainPage.blocks.find((b) => b.id === 'gallery')!} ctx={ctxOf()} />);
    const third = screen.getByRole('button', { name: 'Photo 3' });
    fireEvent.click(third);
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 8' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Photo 4 of 8' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 8' })).toBeInTheDocument();
    // Tab goes round the lightbox's buttons (Close, Previous, Next), never back to the page
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    const tab = (shiftKey = false) => fireEvent.keyDown(document, { key: 'Tab', shiftKey });
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
    tab();
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(third);
  });

  it('texts: Russian plural forms, money with the currency, month names', () => {
    const ru = siteText('ru');
    expect([1, 2, 5, 21].map((n) => ru.plural('days', n))).toEqual(['1 день', '2 дня', '5 дней', '21 день']);
    expect(siteText('en').plural('days', 1)).toBe('1 day');
    expect(ru.money(48500, 'RUB').replace(/\s/g, ' ')).toBe('48 500 ₽');
    expect(siteText('en').money(10.5, 'EUR')).toBe('€10.50');
    expect(ru.month('2027-06-01')).toMatch(/^июнь 2027/);
  });
});

describe('links', () => {
  const ctx = ctxOf({
    base: '/site/wild',
    bookingHref: contextOf({ ...fixtureContext(), base: '/site/wild' }).bookingHref,
  });
  it('anchor, external and crm booking links lead where they say', () => {
    expect(linkHref({ kind: 1, anchor: 'tours', text: '' }, ctx)).toBe('#tours');
    expect(linkHref({ kind: 2, url: 'https://example.com/x', text: '' }, ctx)).toBe('https://example.com/x');
    expect(linkHref({ kind: 3, tour_id: 12, tour_date_id: 201, text: '' }, ctx)).toBe(
      '/site/wild/booking?tour=12&date=201',
    );
    // no tour: the page's tour
    expect(linkHref({ kind: 3, tour_id: null, tour_date_id: null, text: '' }, ctx)).toBe(
      `/site/wild/booking?tour=${fixtureTour.id}`,
    );
    expect(linkHref({ kind: 3, tour_id: null, tour_date_id: null, text: '' }, { ...ctx, tour: null })).toBe(
      '/site/wild/booking',
    );
  });

  it('an external link opens in a new tab without the opener; the header menu works without JS', () => {
    const doc = parse(renderSiteMarkup(fixtureDocumentInput('main')));
    const blog = [...doc.querySelectorAll('a')].filter((a) => a.textContent === 'Blog');
    expect(blog.length).toBeGreaterThan(0);
    for (const a of blog) {
      expect(a.getAttribute('href')).toBe('https://blog.example.com/');
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(doc.querySelector('header details summary')).not.toBeNull();
    expect(doc.querySelector('a[href="/booking"]')!.textContent).toBe('Book a tour');
    // the tour page's date rows book that departure
    const tour = parse(renderSiteMarkup(fixtureDocumentInput('tour')));
    expect([...tour.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain('/booking?tour=11&date=101');
  });

  it('the phone menu closes once a link in it is chosen, and on Escape', () => {
    render(<BlockView block={fixtureSiteBlocks[0]!} ctx={ctxOf()} />);
    const menu = document.querySelector('details')!;
    menu.open = true;
    fireEvent.click(menu.querySelector('a[href="#about"]')!);
    expect(menu.open).toBe(false);
    menu.open = true;
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(menu.open).toBe(false);
  });

  it('in the editor links are inert', () => {
    render(<BlockView block={fixtureMainPage.blocks[0]!} ctx={ctxOf({ editing: true })} />);
    const link = screen.getByRole('link', { name: 'Choose a tour' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(fireEvent.click(link)).toBe(false);
  });
});

describe('video', () => {
  it('embed URLs of each provider (YouTube without cookies)', () => {
    expect(videoEmbedUrl('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(videoEmbedUrl('youtube', 'https://youtu.be/dQw4w9WgXcQ')).toContain('/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('rutube', 'https://rutube.ru/video/abc123def/')).toBe(
      'https://rutube.ru/play/embed/abc123def?autoplay=1',
    );
    expect(videoEmbedUrl('vimeo', 'https://vimeo.com/76979871')).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1',
    );
    expect(videoEmbedUrl('youtube', 'https://www.youtube.com/watch?v=x"><script>')).toBeNull();
  });

  it('the facade makes no iframe (no third-party request) before the click', () => {
    const ctx = ctxOf();
    expect(renderSiteMarkup(fixtureDocumentInput('main'))).not.toContain('<iframe');
    render(<VideoFacade provider="youtube" url="https://youtu.be/dQw4w9WgXcQ" poster={null} title="Team" ctx={ctx} />);
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: Team' }));
    expect(document.querySelector('iframe')!.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
  });
});

const PAYLOAD = '<img src=x onerror=alert(1)>"><script>alert(1)</script>';
/** Fields whose values are not free text (they pick a variant, a format or a sanitised html). */
const NOT_TEXT = new Set([
  'kind',
  'provider',
  'network',
  'layout',
  'background',
  'spacing',
  'currency',
  'lang',
  'html',
  'content',
]);
let replaced = 0;
const poison = <T,>(value: T, key = ''): T => {
  if (typeof value === 'string') {
    if (NOT_TEXT.has(key)) return value;
    replaced++;
    return (key === 'url' || key === 'image' ? `javascript:alert(1)//${PAYLOAD}` : PAYLOAD) as T;
  }
  if (Array.isArray(value)) return value.map((v) => poison(v, key)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)])) as T;
  return value;
};

describe('XSS', () => {
  afterEach(() => {
    replaced = 0;
  });
  for (const page of ['main', 'tour'] as const)
    it(`a payload in every string of every block (${page} page) renders as text`, () => {
      const base = fixtureDocumentInput(page);
      const input: SiteDocumentInput = {
        ...base,
        org: { ...poison(base.org), preset: base.org.preset, fonts: poison(base.org.fonts) },
        tours: poison(base.tours),
        tour: poison(base.tour),
        view: poison(base.view),
        metadata: { ...poison(base.metadata), json_ld: [{ '@type': 'TravelAgency', name: `</script>${PAYLOAD}` }] },
        assets: { css: ['/site-assets/app/site.css'], js: '/site-assets/app/hydrate.js' },
      };
      expect(replaced).toBeGreaterThan(100);
      const html = renderSiteDocument(input);
      const doc = parse(html);
      const scripts = [...doc.querySelectorAll('script')];
      expect(scripts.map((s) => s.getAttribute('type'))).toEqual(['application/ld+json', 'application/json', 'module']);
      // every script's text is what was written: nothing closed one early
      expect(html.match(/<\/script>/gi)).toHaveLength(3);
      expect(JSON.parse(doc.getElementById('site-state')!.textContent!)).toEqual(
        JSON.parse(JSON.stringify(siteIslandStateOf(input))),
      );
      // an island's props, an attribute, come back as they were written
      const header = doc.querySelector<HTMLElement>('[data-island="app_header"]')!;
      expect((JSON.parse(header.dataset.props!) as { block: unknown }).block).toEqual(
        JSON.parse(JSON.stringify(input.org.site_blocks.find((b) => b.type === 1))),
      );
      expect(JSON.parse(scripts[0]!.textContent!).name).toBe(`</script>${PAYLOAD}`);
      for (const el of doc.querySelectorAll('*'))
        for (const attr of el.getAttributeNames()) {
          expect(attr.startsWith('on'), `${el.tagName} ${attr}`).toBe(false);
          if (attr === 'href' || attr === 'src') expect(el.getAttribute(attr)).not.toMatch(/^\s*javascript:/i);
        }
      expect(doc.body.textContent).toContain(PAYLOAD);
      expect(doc.querySelectorAll('img[src="x"]')).toHaveLength(0);
    });
});

describe('hydration', () => {
  for (const [page, lang] of [
    ['main', 'en'],
    ['tour', 'ru'],
  ] as const)
    it(`hydrates the server's ${page} page (${lang}) without a warning`, async () => {
      const html = renderSiteDocument({ ...fixtureDocumentInput(page, lang), assets: { css: [], js: '/x.js' } });
      const doc = parse(html);
      document.body.innerHTML = doc.body.innerHTML;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const reported = vi.fn();
      window.addEventListener('error', reported);
      let roots: Awaited<ReturnType<typeof hydrateSite>> = [];
      await act(async () => {
        roots = await hydrateSite(document);
      });
      // the interactive parts only, each on its own: the header, a video, the gallery, the tour's dates
      const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')].map((el) => el.dataset.island);
      expect(roots).toHaveLength(islands.length);
      expect(islands).toContain('app_header');
      if (page === 'tour') expect(islands).toContain('dates');
      expect(islands.length).toBeLessThan(document.querySelectorAll('.site-block').length);
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
      expect(reported).not.toHaveBeenCalled();
      window.removeEventListener('error', reported);
      // hydrated: the interactive parts answer
      if (page === 'tour') {
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name: /Показать ещё даты/ }));
        });
        expect(document.querySelectorAll('[data-block="dates"] li')).toHaveLength(7);
      }
      await act(async () => roots.forEach((r) => r.unmount()));
      errors.mockRestore();
      warnings.mockRestore();
      document.body.innerHTML = '';
    });

  it('a state that does not match the markup would be reported (the check above can fail)', async () => {
    const html = renderSiteDocument({ ...fixtureDocumentInput('main', 'en'), assets: { css: [], js: '/x.js' } });
    document.body.innerHTML = parse(html).body.innerHTML;
    const state = document.getElementById('site-state')!;
    state.textContent = JSON.stringify({ ...JSON.parse(state.textContent!), lang: 'ru' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported = vi.fn();
    window.addEventListener('error', reported);
    let roots: Awaited<ReturnType<typeof hydrateSite>> = [];
    await act(async () => {
      roots = await hydrateSite(document);
    });
    expect(errors.mock.calls.length + reported.mock.calls.length).toBeGreaterThan(0);
    window.removeEventListener('error', reported);
    await act(async () => roots.forEach((r) => r.unmount()));
    errors.mockRestore();
    document.body.innerHTML = '';
  });
});

describe('the document', () => {
  const input: SiteDocumentInput = {
    ...fixtureDocumentInput('tour', 'ru'),
    assets: { css: ['/site-assets/app/assets/hydrate-abc.css'], js: '/site-assets/app/assets/hydrate-abc.js' },
  };
  const html = renderSiteDocument(input);
  const doc = parse(html);

  it('has the head search engines and sharing read', () => {
    expect(html.startsWith('<!doctype html><html lang="ru">')).toBe(true);
    expect(doc.title).toBe('Дикий Алтай — туры');
    const attr = (sel: string, name = 'content') => doc.head.querySelector(sel)?.getAttribute(name);
    expect(attr('meta[name="description"]')).toBe('Small-group tours to the Altai mountains.');
    expect(attr('link[rel="canonical"]', 'href')).toBe('https://wild-altai.example/tours/altai-lakes?lang=ru');
    expect(
      [...doc.head.querySelectorAll('link[rel="alternate"]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    ).toEqual([
      ['en', 'https://wild-altai.example/tours/altai-lakes'],
      ['ru', 'https://wild-altai.example/tours/altai-lakes?lang=ru'],
      ['x-default', 'https://wild-altai.example/tours/altai-lakes'],
    ]);
    expect(attr('meta[property="og:title"]')).toBe('Дикий Алтай — туры');
    expect(attr('meta[property="og:image"]')).toBe('https://wild-altai.example/og.jpg');
    expect(attr('meta[property="og:locale"]')).toBe('ru_RU');
    expect(attr('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(attr('link[rel="icon"]', 'href')).toBe('/favicon.ico');
    expect(attr('link[rel="stylesheet"]', 'href')).toBe('/site-assets/app/assets/hydrate-abc.css');
    expect(doc.head.querySelector('script[type="application/ld+json"]')!.textContent).toContain('TravelAgency');
    expect(doc.getElementById('site-preset')!.textContent).toContain('--site-primary:#2f6b3a');
    const hydrate = doc.querySelector('script[type="module"]')!;
    expect(hydrate.getAttribute('src')).toBe('/site-assets/app/assets/hydrate-abc.js');
    expect(hydrate.hasAttribute('defer')).toBe(true);
    expect(doc.getElementById('site-root')!.innerHTML).toBe(parse(renderSiteMarkup(input)).body.innerHTML);
  });

  it('every kind of page has its landmarks and exactly one h1, headings in order', () => {
    const views: SiteDocumentInput[] = [
      fixtureDocumentInput('main'),
      fixtureDocumentInput('tour'),
      { ...fixtureDocumentInput(), view: { kind: 'document', document: { type: 'policy', content: '<p>Policy</p>' } } },
      { ...fixtureDocumentInput(), view: { kind: 'schedule' } },
      { ...fixtureDocumentInput(), view: { kind: 'not_found' } },
      // a page without an intro block still has its h1
      {
        ...fixtureDocumentInput(),
        view: { kind: 'page', page: { ...fixtureMainPage, blocks: fixtureMainPage.blocks.slice(1) } },
      },
    ];
    for (const input of views) {
      const d = parse(renderSiteMarkup(input));
      expect(d.querySelectorAll('h1'), input.view.kind).toHaveLength(1);
      for (const tag of ['header', 'nav', 'main', 'footer']) expect(d.querySelector(tag), tag).not.toBeNull();
      let level = 0;
      for (const h of d.querySelectorAll('h1, h2, h3, h4')) {
        const next = Number(h.tagName[1]);
        expect(next, h.textContent!).toBeLessThanOrEqual(level + 1);
        level = next;
      }
    }
    const schedule = parse(renderSiteMarkup({ ...fixtureDocumentInput(), view: { kind: 'schedule' } }));
    expect(schedule.querySelector('nav a[href="/schedule?page=2"]')).not.toBeNull();
    const notFound = renderSiteDocument({ ...fixtureDocumentInput(), view: { kind: 'not_found' } });
    expect(notFound).toContain('<meta name="robots" content="noindex">');
  });
});

describe('presets', () => {
  it('every shipped preset keeps text, muted text, links and buttons at WCAG AA', () => {
    for (const preset of FIXTURE_PRESETS) {
      const c = presetColors(fixtureOrg(preset));
      const pairs: [string, string][] = [
        [c.text, c.bg],
        [c.muted, c.bg],
        [c.link, c.bg],
        [c.textOnSurface, c.surface],
        [c.mutedOnSurface, c.surface],
        [c.linkOnSurface, c.surface],
        [c.onPrimary, c.primary],
        [c.onDark, c.dark],
        [c.mutedOnDark, c.dark],
      ];
      for (const [fg, bg] of pairs)
        expect(contrastRatio(fg, bg), `${preset.preset_type} ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('a preset that pairs colours badly is made readable', () => {
    const bad = {
      ...FIXTURE_PRESETS[0]!,
      colors: { ...FIXTURE_PRESETS[0]!.colors, primary: '#ffee00', on_primary: '#ffffff', muted_text: '#eeeeee' },
    };
    const c = presetColors(fixtureOrg(bad));
    expect(contrastRatio(c.onPrimary, c.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.link, c.bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.muted, c.bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('fonts come as @font-face with swap; nothing in a font can leave the style', () => {
    const org = fixtureOrg();
    expect(presetStyle(org)).toContain(
      '@font-face{font-family:"Manrope";src:url("/site-assets/fonts/manrope-700.woff2") format("woff2");font-weight:700;font-style:normal;font-display:swap}',
    );
    expect(presetStyle(org)).toContain('--site-font-heading:"Manrope", ui-sans-serif');
    const evil = {
      ...org,
      fonts: [
        {
          ...org.fonts[0]!,
          family: 'X"}</style><script>alert(1)</script>',
          files: [{ weight: 400 as const, url: '/a.woff2");}</style>' }],
        },
      ],
    };
    const css = presetStyle(evil);
    expect(css).not.toMatch(/[<>]/);
    expect(css).not.toContain('@font-face');
  });
});
