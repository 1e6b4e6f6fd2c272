import mjml2html from 'mjml';
import type { Language } from '@tourdesk/contract';
import { LAYOUT } from './traveller-message.texts';

/** Everything one e-mail shows; every string is plain text (escaped here). */
export interface MessageView {
  lang: Language;
  subject: string;
  /** the body's paragraphs (the organizer's or the shipped text, placeholders filled) */
  paragraphs: string[];
  /** label and value lines: the booking's number, tour, dates, travellers, total */
  facts: [string, string][];
  /** where and when to meet (meeting details, the departure reminder) */
  meet: { text: string; place: string; phone: string } | null;
  button: { label: string; url: string } | null;
  /** a second link under the button (the traveller's booking page) */
  link?: { label: string; url: string } | null;
  /** a file goes with it (the contract) */
  attachmentNote: boolean;
  organizer: { name: string; phone: string; email: string };
  brand: { name: string; accent: string };
  /** the 1×1 image that tells the message was opened */
  openUrl: string | null;
  /** replies reach the organizer (a Reply-To is set) */
  replies: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: markup a traveller's or tourist's name carries shows as text. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const lines = (text: string): string => escapeHtml(text).replace(/\r?\n/g, '<br />');
/** Only web links become a button's href (a placeholder cannot make a javascript: link). */
const safeUrl = (url: string): string => (/^https?:\/\//i.test(url) ? escapeHtml(url) : '#');

const TEXT = '#1f2937';
const MUTED = '#6b7280';

/** The MJML document of a message: a brand bar with the organizer's name, the body, the facts, a button, the footer. */
const mjmlOf = (v: MessageView, slot: (html: string) => string = (html) => html): string => {
  const t = LAYOUT[v.lang];
  const facts = v.facts.length
    ? `<mj-table padding="8px 0 16px" font-size="14px" color="${TEXT}" cellpadding="4px">
${v.facts
  .map(
    ([label, value]) =>
      `<tr><td style="color:${MUTED};width:40%;vertical-align:top">${slot(escapeHtml(label))}</td><td style="font-weight:600">${slot(lines(value))}</td></tr>`,
  )
  .join('\n')}
</mj-table>`
    : '';
  const meet = v.meet
    ? `<mj-text padding="8px 16px" container-background-color="#f9fafb" font-size="14px">
<p style="margin:0 0 8px;font-weight:600">${slot(escapeHtml(t.meet.title))}</p>
${v.meet.text ? `<p style="margin:0 0 8px">${slot(lines(v.meet.text))}</p>` : ''}
${v.meet.place ? `<p style="margin:0 0 4px"><span style="color:${MUTED}">${slot(escapeHtml(t.meet.place))}:</span> ${slot(lines(v.meet.place))}</p>` : ''}
${v.meet.phone ? `<p style="margin:0"><span style="color:${MUTED}">${slot(escapeHtml(t.meet.phone))}:</span> ${slot(escapeHtml(v.meet.phone))}</p>` : ''}
</mj-text>`
    : '';
  // only a web link is a button (a placeholder could never make a javascript: one)
  const button =
    v.button && /^https?:\/\//i.test(v.button.url)
      ? `<mj-button href="${slot(safeUrl(v.button.url))}" background-color="${v.brand.accent}" color="#ffffff" font-size="15px" font-weight="600" border-radius="6px" inner-padding="12px 24px" padding="16px 0 8px" align="left">${slot(escapeHtml(v.button.label))}</mj-button>
<mj-text padding="0 0 8px" font-size="12px" color="${MUTED}">${slot(escapeHtml(t.link))}: <a href="${slot(safeUrl(v.button.url))}" style="color:${v.brand.accent};word-break:break-all">${slot(escapeHtml(v.button.url))}</a></mj-text>`
      : '';
  const link =
    v.link && /^https?:\/\//i.test(v.link.url)
      ? `<mj-text padding="8px 0 8px" font-size="14px"><a href="${slot(safeUrl(v.link.url))}" style="color:${v.brand.accent};font-weight:600">${slot(escapeHtml(v.link.label))}</a></mj-text>`
      : '';
  const contacts = [v.organizer.phone, v.organizer.email].filter(Boolean).map(escapeHtml).join(' · ');
  const pixel = v.openUrl
    ? `<mj-raw><img src="${slot(safeUrl(v.openUrl))}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px" /></mj-raw>`
    : '';
  return `<mjml lang="${v.lang}">
<mj-head>
<mj-title>${slot(escapeHtml(v.subject))}</mj-title>
<mj-preview>${slot(escapeHtml(v.paragraphs[1] ?? v.paragraphs[0] ?? ''))}</mj-preview>
<mj-attributes>
<mj-all font-family="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
<mj-text font-size="15px" line-height="1.55" color="${TEXT}" padding="0 0 12px" />
</mj-attributes>
</mj-head>
<mj-body background-color="#f3f4f6" width="600px">
<mj-section background-color="${v.brand.accent}" padding="16px 24px">
<mj-column><mj-text color="#ffffff" font-size="18px" font-weight="700" padding="0">${slot(escapeHtml(v.organizer.name))}</mj-text></mj-column>
</mj-section>
<mj-section background-color="#ffffff" padding="24px 24px 16px">
<mj-column>
${v.paragraphs.map((p) => `<mj-text>${slot(lines(p))}</mj-text>`).join('\n')}
${meet}
${facts}
${button}
${link}
${v.attachmentNote ? `<mj-text font-size="14px" color="${MUTED}">${slot(escapeHtml(t.contract))}</mj-text>` : ''}
</mj-column>
</mj-section>
<mj-section padding="16px 24px">
<mj-column>
<mj-text font-size="12px" color="${MUTED}" padding="0 0 4px">${slot(escapeHtml(v.organizer.name))}${contacts ? ` · ${slot(contacts)}` : ''}</mj-text>
${v.replies ? `<mj-text font-size="12px" color="${MUTED}" padding="0 0 4px">${slot(escapeHtml(t.reply(v.organizer.name)))}</mj-text>` : ''}
<mj-text font-size="12px" color="${MUTED}" padding="0">${slot(escapeHtml(t.sentWith(v.brand.name)))}</mj-text>
${pixel}
</mj-column>
</mj-section>
</mj-body>
</mjml>`;
};

/** The plain-text part (and the messenger's text): the same content, line by line. */
export const plainTextOf = (v: MessageView, opts: { footer: boolean } = { footer: true }): string => {
  const t = LAYOUT[v.lang];
  const parts: string[] = [...v.paragraphs];
  if (v.meet) {
    parts.push(
      [
        `${t.meet.title}:`,
        v.meet.text,
        v.meet.place && `${t.meet.place}: ${v.meet.place}`,
        v.meet.phone && `${t.meet.phone}: ${v.meet.phone}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  if (v.facts.length) parts.push(v.facts.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (v.button) parts.push(`${v.button.label}:\n${v.button.url}`);
  if (v.link) parts.push(`${v.link.label}:\n${v.link.url}`);
  if (v.attachmentNote) parts.push(t.contract);
  if (opts.footer) {
    const contacts = [v.organizer.name, v.organizer.phone, v.organizer.email].filter(Boolean).join(' · ');
    parts.push(
      ['—', contacts, v.replies ? t.reply(v.organizer.name) : '', t.sentWith(v.brand.name)].filter(Boolean).join('\n'),
    );
  }
  return parts.join('\n\n');
};

/** The e-mail as it goes out: HTML (MJML: tables and inline styles that common clients render) and its plain-text part. */
export const renderEmail = async (v: MessageView): Promise<{ html: string; text: string }> => {
  // MJML costs tens of milliseconds a message: it compiles each shape of message once. The shape is
  // the document with every text and link as a numbered slot (so the key holds the language, the
  // brand's colour and which blocks there are); the texts go into the compiled HTML's slots.
  const values: string[] = [];
  const doc = mjmlOf(v, (html) => `TDSLOT${values.push(html) - 1}Z`);
  let html = compiledShapes.get(doc);
  if (html === undefined) {
    html = await compileMjml(doc);
    if (compiledShapes.size >= SHAPES_KEPT) compiledShapes.delete(compiledShapes.keys().next().value!);
    compiledShapes.set(doc, html);
  }
  return { html: html.replace(/TDSLOT(\d+)Z/g, (_, i: string) => values[Number(i)]!), text: plainTextOf(v) };
};

/** The e-mail compiled from scratch, every text in place: what renderEmail's shapes must equal. */
export const renderEmailUncached = async (v: MessageView): Promise<{ html: string; text: string }> => ({
  html: await compileMjml(mjmlOf(v)),
  text: plainTextOf(v),
});

const SHAPES_KEPT = 200;
const compiledShapes = new Map<string, string>();
const compileMjml = async (doc: string): Promise<string> => {
  const out = await mjml2html(doc, { validationLevel: 'strict', keepComments: false });
  if (out.errors.length) throw new Error(`e-mail layout: ${out.errors.map((e) => e.formattedMessage).join('; ')}`);
  return out.html;
};
