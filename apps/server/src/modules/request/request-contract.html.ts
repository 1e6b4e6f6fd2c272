import type { Content, ContentText, TableCell } from 'pdfmake/interfaces';
import {
  PLACEHOLDER,
  parseHtml,
  type HtmlElement,
  type HtmlNode,
  type PlaceholderValue,
} from './request-contract.parse';

export { PLACEHOLDER, decodeEntities, parseHtml, placeholdersIn } from './request-contract.parse';
export type { HtmlElement, HtmlNode, PlaceholderValue } from './request-contract.parse';

/**
 * Template HTML → pdfmake content. Templates are stored through sanitizeTemplateHtml (the TipTap
 * editor's tags: paragraphs, headings h1–h4, bold, italic, underline, strike, sub/sup, code,
 * links, lists, blockquote, pre, hr, tables, placeholder chips), so the markup here is that
 * allow-list's well-formed output; anything else is read leniently (unknown tags keep their text).
 */

// ─── To pdfmake ────────────────────────────────────────────────────────────────

interface InlineStyle {
  bold?: boolean;
  italics?: boolean;
  decoration?: 'underline' | 'lineThrough';
  sup?: boolean;
  sub?: boolean;
  link?: string;
  color?: string;
  background?: string;
}
type Run = { text: string; style: InlineStyle } | { image: string; width: number; height: number };

const BLOCK = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'blockquote',
  'pre',
  'hr',
  'colgroup',
]);
const isBlock = (n: HtmlNode): boolean => typeof n !== 'string' && BLOCK.has(n.tag);

const ALIGNMENTS = new Set(['left', 'right', 'center', 'justify']);
const alignmentOf = (el: HtmlElement): 'left' | 'right' | 'center' | 'justify' | undefined => {
  const m = /text-align\s*:\s*(\w+)/i.exec(el.attrs.style ?? '');
  const a = m?.[1]?.toLowerCase();
  return a && ALIGNMENTS.has(a) ? (a as 'left' | 'right' | 'center' | 'justify') : undefined;
};

const HEADING_SIZE: Record<string, number> = { h1: 18, h2: 15, h3: 12.5, h4: 11, h5: 10.5, h6: 10.5 };
const LINK_COLOR = '#0f5e8c';
const MUTED = '#4b5563';

export interface ConvertOptions {
  /** the value of each known placeholder; anything else in braces that looks like one becomes `unknown` */
  values: Record<string, PlaceholderValue>;
  /** what an unknown placeholder becomes (never left in the document) */
  unknown: string;
}

/** Converts sanitized template HTML to pdfmake blocks with every placeholder replaced. */
export const htmlToPdfContent = (html: string, opts: ConvertOptions): Content[] => {
  const fill = (text: string, style: InlineStyle): Run[] => {
    const runs: Run[] = [];
    let last = 0;
    for (const m of text.matchAll(PLACEHOLDER)) {
      if (m.index > last) runs.push({ text: text.slice(last, m.index), style });
      const v = opts.values[`{${m[1] ?? m[2]}}`];
      if (v === undefined) runs.push({ text: opts.unknown, style });
      else if (typeof v === 'string') runs.push({ text: v, style });
      else runs.push({ ...v });
      last = m.index + m[0].length;
      // a value ending a sentence ("… Ltd.", "meals.") takes the template's full stop after it: one, not two
      if (typeof v === 'string' && /[.!?…]$/.test(v) && text[last] === '.') last++;
    }
    if (last < text.length) runs.push({ text: text.slice(last), style });
    return runs;
  };

  /** The inline runs of nodes; whitespace collapses as a browser collapses it. */
  const inline = (nodes: HtmlNode[], style: InlineStyle, pre = false): Run[] => {
    const out: Run[] = [];
    for (const n of nodes) {
      if (typeof n === 'string') {
        // a placeholder chip's text is the placeholder itself; it is filled like plain text
        out.push(...fill(pre ? n : n.replace(/[ \t\r\n\f]+/g, ' '), style));
        continue;
      }
      switch (n.tag) {
        case 'br':
          out.push({ text: '\n', style });
          break;
        case 'strong':
        case 'b':
          out.push(...inline(n.children, { ...style, bold: true }, pre));
          break;
        case 'em':
        case 'i':
          out.push(...inline(n.children, { ...style, italics: true }, pre));
          break;
        case 'u':
          out.push(...inline(n.children, { ...style, decoration: 'underline' }, pre));
          break;
        case 's':
        case 'strike':
        case 'del':
          out.push(...inline(n.children, { ...style, decoration: 'lineThrough' }, pre));
          break;
        case 'sup':
          out.push(...inline(n.children, { ...style, sup: true }, pre));
          break;
        case 'sub':
          out.push(...inline(n.children, { ...style, sub: true }, pre));
          break;
        case 'code':
          out.push(...inline(n.children, { ...style, background: '#f3f4f6' }, pre));
          break;
        case 'a': {
          const href = n.attrs.href ?? '';
          const linked = /^(https?:|mailto:|tel:)/i.test(href)
            ? { ...style, link: href, color: LINK_COLOR, decoration: 'underline' as const }
            : style;
          out.push(...inline(n.children, linked, pre));
          break;
        }
        case 'img':
          // remote images are not fetched (the PDF writer opens no URL): their description stands in
          if (n.attrs.alt) out.push({ text: n.attrs.alt, style: { ...style, italics: true } });
          break;
        default:
          out.push(...inline(n.children, style, pre));
      }
    }
    return out;
  };

  /** Trims a block's runs as a browser does: no space at its start or end, none doubled across runs. */
  const tidy = (runs: Run[], pre: boolean): Run[] => {
    if (pre) return runs;
    const out: Run[] = [];
    let afterSpace = true;
    for (const r of runs) {
      if (!('text' in r)) {
        out.push(r);
        afterSpace = false;
        continue;
      }
      let text = r.text;
      if (afterSpace) text = text.replace(/^ +/, '');
      if (text === '') continue;
      afterSpace = / $|\n$/.test(text);
      out.push({ text, style: r.style });
    }
    for (let i = out.length - 1; i >= 0; i--) {
      const r = out[i]!;
      if (!('text' in r)) break;
      r.text = r.text.replace(/ +$/, '');
      if (r.text !== '') break;
      out.splice(i, 1);
    }
    return out;
  };

  /** pdfmake's text runs; neighbours of one style are one run (a filled placeholder joins its text). */
  const textOf = (runs: Extract<Run, { text: string }>[]): ContentText['text'] => {
    const out: ({ text: string } & InlineStyle)[] = [];
    let lastStyle = '';
    for (const r of runs) {
      const style = JSON.stringify(r.style);
      const prev = out.at(-1);
      if (prev && style === lastStyle) prev.text += r.text;
      else out.push({ text: r.text, ...r.style });
      lastStyle = style;
    }
    return out;
  };

  /** A block of inline runs: text, and the images among it on their own row (side by side when together). */
  const paragraph = (runs: Run[], extra: Record<string, unknown>, pre = false): Content | null => {
    const tidied = tidy(runs, pre);
    const parts: Content[] = [];
    let texts: Extract<Run, { text: string }>[] = [];
    let images: Extract<Run, { image: string }>[] = [];
    const flushText = () => {
      if (texts.some((t) => t.text.trim() !== '')) parts.push({ text: textOf(texts), ...extra });
      texts = [];
    };
    const flushImages = () => {
      if (images.length)
        parts.push({
          columns: images.map((im) => ({ width: 'auto', stack: [{ image: im.image, fit: [im.width, im.height] }] })),
          columnGap: 12,
          margin: [0, 4, 0, 4],
        });
      images = [];
    };
    for (const r of tidied) {
      if ('image' in r) {
        flushText();
        images.push(r);
      } else if (images.length && r.text.trim() === '') {
        // the space between two images keeps them on one row
      } else {
        flushImages();
        texts.push(r);
      }
    }
    flushText();
    flushImages();
    if (parts.length === 0) return tidied.length === 0 && !pre ? { text: '\u00a0', ...extra } : null;
    return parts.length === 1 ? parts[0]! : { stack: parts };
  };

  const table = (el: HtmlElement): Content | null => {
    const rows: { cells: HtmlElement[]; header: boolean }[] = [];
    const collect = (nodes: HtmlNode[], header: boolean) => {
      for (const n of nodes) {
        if (typeof n === 'string') continue;
        if (n.tag === 'tr')
          rows.push({
            cells: n.children.filter(
              (c): c is HtmlElement => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'),
            ),
            header,
          });
        else if (n.tag === 'thead') collect(n.children, true);
        else if (n.tag === 'tbody' || n.tag === 'tfoot') collect(n.children, false);
      }
    };
    collect(el.children, false);
    if (rows.length === 0) return null;
    // a grid: a cell spanning rows or columns leaves empty cells where pdfmake expects them
    const body: TableCell[][] = rows.map(() => []);
    rows.forEach((row, r) => {
      let c = 0;
      for (const cellEl of row.cells) {
        while (body[r]![c] !== undefined) c++;
        const colSpan = Math.max(1, Math.min(50, Number(cellEl.attrs.colspan) || 1));
        const rowSpan = Math.max(1, Math.min(rows.length - r, Number(cellEl.attrs.rowspan) || 1));
        const header = row.header || cellEl.tag === 'th';
        const content = blocks(cellEl.children, header ? { bold: true } : {});
        const cell: TableCell = {
          stack: content.length ? content : [{ text: '' }],
          ...(colSpan > 1 ? { colSpan } : {}),
          ...(rowSpan > 1 ? { rowSpan } : {}),
          ...(header ? { fillColor: '#f3f4f6' } : {}),
        };
        for (let dr = 0; dr < rowSpan; dr++)
          for (let dc = 0; dc < colSpan; dc++) body[r + dr]![c + dc] = dr === 0 && dc === 0 ? cell : {};
        c += colSpan;
      }
    });
    const width = Math.max(...body.map((r) => r.length));
    for (const r of body) {
      for (let c = 0; c < width; c++) if (r[c] === undefined) r[c] = { text: '' };
    }
    const headerRows = rows.findIndex((r) => !r.header);
    return {
      table: {
        widths: Array.from({ length: width }, () => '*'),
        body,
        ...(headerRows > 0 ? { headerRows } : {}),
      },
      layout: {
        hLineColor: () => '#9ca3af',
        vLineColor: () => '#9ca3af',
        hLineWidth: () => 0.5,
        vLineWidth: () => 0.5,
        paddingTop: () => 3,
        paddingBottom: () => 3,
      },
      margin: [0, 4, 0, 8],
    };
  };

  /** Block content: block elements in order; loose inline nodes between them gather into paragraphs. */
  const blocks = (nodes: HtmlNode[], style: InlineStyle = {}): Content[] => {
    const out: Content[] = [];
    let loose: HtmlNode[] = [];
    const flushLoose = () => {
      const runs = inline(loose, style);
      loose = [];
      if (tidy(runs, false).length === 0) return;
      const p = paragraph(runs, {});
      if (p) out.push(p);
    };
    for (const n of nodes) {
      if (!isBlock(n)) {
        loose.push(n);
        continue;
      }
      flushLoose();
      const el = n as HtmlElement;
      const alignment = alignmentOf(el);
      const align = alignment ? { alignment } : {};
      switch (el.tag) {
        case 'p':
        case 'div': {
          // a div may hold blocks of its own
          if (el.children.some(isBlock)) out.push(...blocks(el.children, style));
          else {
            const p = paragraph(inline(el.children, style), { ...align, margin: [0, 0, 0, 6] });
            if (p) out.push(p);
          }
          break;
        }
        case 'h1':
        case 'h2':
        case 'h3':
        case 'h4':
        case 'h5':
        case 'h6': {
          const p = paragraph(inline(el.children, { ...style, bold: true }), {
            ...align,
            fontSize: HEADING_SIZE[el.tag],
            margin: [0, el.tag === 'h1' || el.tag === 'h2' ? 10 : 8, 0, 6],
          });
          if (p) out.push(p);
          break;
        }
        case 'ul':
        case 'ol': {
          const items = el.children
            .filter((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'li')
            .map((li): Content => {
              const inner = blocks(li.children, style);
              return inner.length === 1 ? inner[0]! : { stack: inner.length ? inner : [{ text: '' }] };
            });
          if (items.length)
            out.push(
              el.tag === 'ul'
                ? { ul: items, margin: [0, 0, 0, 6] }
                : {
                    ol: items,
                    margin: [0, 0, 0, 6],
                    ...(Number(el.attrs.start) > 1 ? { start: Number(el.attrs.start) } : {}),
                  },
            );
          break;
        }
        case 'li':
          out.push(...blocks(el.children, style));
          break;
        case 'blockquote':
          out.push({ stack: blocks(el.children, style), margin: [14, 0, 0, 6], color: MUTED });
          break;
        case 'pre': {
          const p = paragraph(
            inline(el.children, style, true),
            { preserveLeadingSpaces: true, margin: [0, 0, 0, 6] },
            true,
          );
          if (p) out.push(p);
          break;
        }
        case 'hr':
          out.push({
            canvas: [{ type: 'line', x1: 0, y1: 0, x2: 495, y2: 0, lineWidth: 0.5, lineColor: '#9ca3af' }],
            margin: [0, 6, 0, 8],
          });
          break;
        case 'table': {
          const t = table(el);
          if (t) out.push(t);
          break;
        }
        default:
          // table parts outside a table, a stray colgroup: their text only
          out.push(...blocks(el.children, style));
      }
    }
    flushLoose();
    return out;
  };

  return blocks(parseHtml(html));
};
