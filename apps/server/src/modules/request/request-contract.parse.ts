/**
 * Template HTML read into a tree, and its placeholders (request-contract.html.ts turns the tree
 * into pdfmake content). The markup is sanitizeTemplateHtml's well-formed output; anything else is
 * read leniently.
 */

// ─── Parsing ───────────────────────────────────────────────────────────────────

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(['br', 'hr', 'img', 'col', 'wbr']);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  copy: '©',
  reg: '®',
  deg: '°',
  times: '×',
  shy: '\u00ad',
};

export const decodeEntities = (s: string): string =>
  s.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[e.toLowerCase()] ?? whole;
  });

const TOKEN =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|[^<]+|</g;
const ATTR = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** A tree of elements and text; closing tags without an open one are dropped, unclosed ones close at the end. */
export const parseHtml = (html: string): HtmlNode[] => {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  for (const m of html.matchAll(TOKEN)) {
    const [whole, closing, rawTag, rawAttrs, selfClosing] = m;
    const top = stack[stack.length - 1]!;
    if (whole.startsWith('<!--')) continue;
    if (rawTag === undefined) {
      top.children.push(decodeEntities(whole));
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (closing) {
      const at = stack.findLastIndex((e) => e.tag === tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(ATTR))
      attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    const el: HtmlElement = { tag, attrs, children: [] };
    top.children.push(el);
    if (!VOID.has(tag) && !selfClosing) stack.push(el);
  }
  return root.children;
};

// ─── Placeholders ──────────────────────────────────────────────────────────────

/**
 * `{entity.field}` as templates write it (the chip's text too); `{{entity.field}}`, as a template
 * pasted from elsewhere may write it, is the same placeholder.
 */
export const PLACEHOLDER = /\{\{\s*([a-z_]+(?:\.[a-z_]+)+)\s*\}\}|\{([a-z_]+(?:\.[a-z_]+)+)\}/g;

/** The placeholders a template uses, each as `{entity.field}`. */
export const placeholdersIn = (html: string): Set<string> =>
  new Set([...html.matchAll(PLACEHOLDER)].map((m) => `{${m[1] ?? m[2]}}`));

/** What a placeholder becomes: text, or one of the organizer's images drawn in its place. */
export type PlaceholderValue = string | { image: string; width: number; height: number };
