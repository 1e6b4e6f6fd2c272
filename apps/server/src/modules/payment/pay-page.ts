import crypto from 'node:crypto';
import type { Language } from '@tourdesk/contract';
import { toMajor } from '../../lib/money';
import { dateFormat, numberFormat } from '../../lib/intl';
import { priceLines } from '../request';
import type { InvoiceByToken } from './invoice.repository';
import { minorToDecimal } from './payment-provider';
import type { NotPayable } from './payment.service';

/**
 * The invoice's public payment page (/pay/<token>), rendered by the server: what is paid, to
 * whom and for what, the method (card or SBP, SBP with its QR code), and Pay — with the sandbox
 * also Fail, each playing the payer at the bank. No script: the SBP panel shows through CSS, the
 * buttons post a plain form, which carries the amount the page showed (an invoice changed since
 * asks again with its new amount). English and Russian.
 */

const TEXTS = {
  en: {
    title: 'Payment',
    invoice: (id: number) => `Invoice No. ${id}`,
    booking: 'Booking',
    lines: 'What the booking costs',
    total: 'Total',
    paidSoFar: 'Paid before',
    tour: 'Tour',
    dates: 'Dates',
    provider: 'Tour provider',
    payee: 'Paid to',
    toOrganizer: (name: string) => `${name}’s own YooKassa account`,
    toPlatform: (name: string, platform: string) => `${platform}, collecting for ${name}`,
    amount: 'Amount to pay',
    method: 'Payment method',
    card: 'Bank card',
    sbp: 'SBP (Faster Payments System)',
    qr: 'QR code for the SBP payment',
    qrHint: 'Scan the code with your bank’s app and confirm the payment there.',
    pay: (amount: string) => `Pay ${amount}`,
    fail: 'Fail the payment',
    sandbox:
      'Test payment (sandbox): no money is taken. “Pay” completes the payment as a bank would, “Fail the payment” declines it.',
    secure: 'You will confirm the payment on the payment service’s page.',
    paid: 'This invoice is paid. Thank you!',
    canceled: 'This invoice was withdrawn by the tour provider. Please contact them.',
    closed: 'This booking is canceled or the trip is over: the invoice can no longer be paid.',
    result: 'See the payment',
    unavailable: 'The payment service did not answer. Please try again in a minute.',
    amountChanged: (amount: string) =>
      `The amount of this invoice has changed since the page was opened: it is now ${amount}. Nothing was charged. Check it and pay again.`,
    notFound: 'This payment link is not valid. Please ask the tour provider for a new one.',
    notFoundTitle: 'Link not found',
    language: 'Language',
    number: (n: number) => `No. ${n}`,
  },
  ru: {
    title: 'Оплата',
    invoice: (id: number) => `Счёт № ${id}`,
    booking: 'Бронирование',
    lines: 'Из чего складывается стоимость',
    total: 'Итого',
    paidSoFar: 'Оплачено ранее',
    tour: 'Тур',
    dates: 'Даты',
    provider: 'Организатор',
    payee: 'Получатель',
    toOrganizer: (name: string) => `Счёт ЮKassa организатора «${name}»`,
    toPlatform: (name: string, platform: string) => `${platform} от имени организатора «${name}»`,
    amount: 'К оплате',
    method: 'Способ оплаты',
    card: 'Банковская карта',
    sbp: 'СБП (Система быстрых платежей)',
    qr: 'QR-код для оплаты через СБП',
    qrHint: 'Отсканируйте код в приложении своего банка и подтвердите оплату там.',
    pay: (amount: string) => `Оплатить ${amount}`,
    fail: 'Отклонить платёж',
    sandbox:
      'Тестовая оплата (песочница): деньги не списываются. «Оплатить» проводит платёж, как это сделал бы банк, «Отклонить платёж» — отклоняет его.',
    secure: 'Оплату вы подтвердите на странице платёжного сервиса.',
    paid: 'Счёт оплачен. Спасибо!',
    canceled: 'Организатор отозвал этот счёт. Пожалуйста, свяжитесь с ним.',
    closed: 'Бронирование отменено или поездка уже прошла: этот счёт больше нельзя оплатить.',
    result: 'Посмотреть платёж',
    unavailable: 'Платёжный сервис не ответил. Попробуйте ещё раз через минуту.',
    amountChanged: (amount: string) =>
      `Сумма счёта изменилась, пока страница была открыта: теперь к оплате ${amount}. Деньги не списаны. Проверьте сумму и оплатите снова.`,
    notFound: 'Эта ссылка на оплату недействительна. Попросите у организатора новую.',
    notFoundTitle: 'Ссылка не найдена',
    language: 'Язык',
    number: (n: number) => `№ ${n}`,
  },
} as const;

/** The language of the page: `?lang=` first, else the browser's first choice of en or ru. */
export const pageLanguage = (lang: string | undefined, acceptLanguage: string | undefined): Language => {
  if (lang === 'ru' || lang === 'en') return lang;
  for (const part of String(acceptLanguage ?? '').split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
};

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const formatAmount = (minor: number, currency: string, lang: Language): string =>
  numberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { style: 'currency', currency })?.format(toMajor(minor)) ??
  `${toMajor(minor).toFixed(2)} ${currency}`;

const formatDay = (day: string, lang: Language): string =>
  dateFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })!.format(new Date(`${day}T00:00:00Z`));

/**
 * A QR-like picture of `data` for the sandbox's SBP (the three finder squares and modules drawn
 * from a digest of the data): what a bank's QR looks like, to show where it goes. SVG.
 */
export const qrishSvg = (data: string, label: string): string => {
  const n = 25;
  const bits: boolean[] = [];
  for (let i = 0; bits.length < n * n; i++)
    for (const byte of crypto.createHash('sha256').update(`${i}:${data}`).digest())
      for (let b = 0; b < 8; b++) bits.push(((byte >> b) & 1) === 1);
  const finder = (x: number, y: number, ox: number, oy: number): boolean | null => {
    const dx = x - ox;
    const dy = y - oy;
    if (dx < -1 || dy < -1 || dx > 7 || dy > 7) return null;
    if (dx === -1 || dy === -1 || dx === 7 || dy === 7) return false;
    const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
    return ring !== 1;
  };
  let path = '';
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const f = finder(x, y, 0, 0) ?? finder(x, y, n - 7, 0) ?? finder(x, y, 0, n - 7);
      if (f ?? bits[y * n + x]) path += `M${x} ${y}h1v1h-1z`;
    }
  return `<svg class="qr" role="img" aria-label="${esc(label)}" viewBox="-2 -2 ${n + 4} ${n + 4}" width="200" height="200" xmlns="http://www.w3.org/2000/svg"><rect x="-2" y="-2" width="${n + 4}" height="${n + 4}" fill="#fff"/><path d="${path}" fill="#111"/></svg>`;
};

const STYLE = `
:root{color-scheme:light;--ink:#1b1f24;--muted:#5b6470;--line:#d9dee5;--brand:#1565c0;--brand-ink:#fff;--bg:#f4f6f9;--ok:#1b7f3b;--warn:#8a5a00}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:var(--bg)}
main{max-width:30rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.05)}
header{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;margin-bottom:1rem}
h1{font-size:1.25rem;margin:0}
.lang{font-size:.875rem}
.lang a{color:var(--brand)}
.lang [aria-current]{font-weight:600;color:var(--ink);text-decoration:none}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1.25rem}
.lines{border-top:1px solid var(--line);padding-top:.75rem;margin-bottom:.5rem}.lines h2{font-size:1rem;margin:0 0 .5rem}.lines dl{grid-template-columns:1fr auto}.lines dd{text-align:right;font-variant-numeric:tabular-nums}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0 1.25rem}
fieldset{border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
legend{padding:0 .25rem;font-weight:600}
label.opt{display:flex;gap:.6rem;align-items:center;padding:.4rem 0;cursor:pointer}
input[type=radio]{width:1.1rem;height:1.1rem;accent-color:var(--brand)}
.qrbox{display:none;text-align:center;margin:0 0 1rem}
form:has(#m-sbp:checked) .qrbox{display:block}
.qr{border:1px solid var(--line);border-radius:8px}
.hint{color:var(--muted);font-size:.875rem;margin:.5rem 0 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{font:inherit;border-radius:8px;padding:.7rem 1.2rem;cursor:pointer;border:1px solid var(--brand)}
button.primary{background:var(--brand);color:var(--brand-ink);font-weight:600;flex:1}
button.secondary{background:#fff;color:var(--brand)}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.note{border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.note.sandbox{background:#fff8e1;color:var(--warn);border:1px solid #f3d58a}
.note.ok{background:#e8f5ec;color:var(--ok);border:1px solid #b7dfc3}
.note.info{background:#eef3fb;color:var(--ink);border:1px solid #c9d8ef}
.note.err{background:#fdecea;color:#8e1c12;border:1px solid #f3b8b1}
`;

/** The headers of every pay page: a strict policy (no script at all), never cached, never indexed. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' https:; base-uri 'none'; frame-ancestors 'none'",
} as const;

const layout = (lang: Language, title: string, body: string, langLinks: string): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main><div class="card">${langLinks}${body}</div></main></body></html>`;

const languageLinks = (lang: Language, path: string, heading: string): string => {
  const link = (l: Language, name: string) =>
    l === lang
      ? `<a href="${esc(path)}?lang=${l}" aria-current="true" lang="${l}">${name}</a>`
      : `<a href="${esc(path)}?lang=${l}" lang="${l}" hreflang="${l}">${name}</a>`;
  return `<header><h1>${esc(heading)}</h1><nav class="lang" aria-label="${TEXTS[lang].language}">${link('en', 'English')} · ${link('ru', 'Русский')}</nav></header>`;
};

export interface PayPageInput {
  found: InvoiceByToken;
  lang: Language;
  /** sandbox: Pay and Fail; a real provider: Pay, confirmed on its page */
  provider: 'sandbox' | 'yookassa';
  /** true: the money goes to the organizer's own YooKassa account; false: the platform collects it (issue 27) */
  toOrganizer: boolean;
  /** the platform's (brand's) name, said when it collects */
  platformName: string;
  notPayable: NotPayable;
  /** a fresh nonce for this page load: one payment however often the form is posted */
  attempt: string;
  /** unavailable: the provider did not answer; amount_changed: the invoice asks another amount than the page the payer posted */
  error?: 'unavailable' | 'amount_changed';
  /** the method chosen before (shown again after an error) */
  method?: 'card' | 'sbp';
}

/** The booking's price, line by line, with its total and what was paid before: what the payer pays towards. */
const bookingLines = (found: InvoiceByToken, lang: Language): string => {
  const t = TEXTS[lang];
  const { request, invoice } = found;
  const money = (minor: number) =>
    minor < 0 ? `−${formatAmount(-minor, invoice.currency, lang)}` : formatAmount(minor, invoice.currency, lang);
  const rows = [
    ...priceLines(request, lang).map((l) => [l.label, money(l.amount_minor)] as const),
    [t.total, money(request.total_minor)] as const,
    ...(request.paid_minor > 0 ? [[t.paidSoFar, money(request.paid_minor)] as const] : []),
  ];
  return `<section class="lines" aria-labelledby="lines-title"><h2 id="lines-title">${esc(t.lines)}</h2><dl>${rows
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join('')}</dl></section>`;
};

export const renderPayPage = (p: PayPageInput): string => {
  const t = TEXTS[p.lang];
  const { invoice, request, organizer } = p.found;
  const path = `/pay/${invoice.public_token}`;
  const amount = formatAmount(invoice.amount_minor, invoice.currency, p.lang);
  const dates =
    request.date_start && request.date_end && request.date_end !== request.date_start
      ? `${formatDay(request.date_start, p.lang)} – ${formatDay(request.date_end, p.lang)}`
      : request.date_start
        ? formatDay(request.date_start, p.lang)
        : '';
  const rows: [string, string][] = [
    [t.provider, organizer.name],
    ...(p.found.tour_name ? [[t.tour, p.found.tour_name] as [string, string]] : []),
    ...(dates ? [[t.dates, dates] as [string, string]] : []),
    [t.booking, t.number(request.id)],
    [t.payee, p.toOrganizer ? t.toOrganizer(organizer.name) : t.toPlatform(organizer.name, p.platformName)],
  ];
  const heading = invoice.title || t.invoice(invoice.id);
  let body = `<p class="hint">${esc(t.invoice(invoice.id))}</p><dl>${rows
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join('')}</dl>`;
  if (invoice.message) body += `<p>${esc(invoice.message)}</p>`;
  body += bookingLines(p.found, p.lang);
  body += `<p class="hint" id="amount-label">${esc(t.amount)}</p><p class="amount" aria-describedby="amount-label">${esc(amount)}</p>`;
  const resultLink = `/org/success?invoice=${invoice.public_token}`;
  if (p.notPayable) {
    const text = p.notPayable === 'paid' ? t.paid : p.notPayable === 'canceled' ? t.canceled : t.closed;
    body += `<p class="note ${p.notPayable === 'paid' ? 'ok' : 'info'}" role="status">${esc(text)}</p>`;
    if (p.notPayable === 'paid') body += `<p><a href="${esc(resultLink)}">${esc(t.result)}</a></p>`;
    return layout(p.lang, `${t.title}: ${heading}`, body, languageLinks(p.lang, path, heading));
  }
  if (p.error === 'unavailable') body += `<p class="note err" role="alert">${esc(t.unavailable)}</p>`;
  if (p.error === 'amount_changed') body += `<p class="note err" role="alert">${esc(t.amountChanged(amount))}</p>`;
  if (p.provider === 'sandbox') body += `<p class="note sandbox">${esc(t.sandbox)}</p>`;
  const sbp = p.method === 'sbp';
  body += `<form method="post" action="${esc(path)}">
<input type="hidden" name="attempt" value="${esc(p.attempt)}"><input type="hidden" name="amount" value="${minorToDecimal(invoice.amount_minor)}"><input type="hidden" name="lang" value="${p.lang}">
<fieldset><legend>${esc(t.method)}</legend>
<label class="opt"><input type="radio" name="method" id="m-card" value="card"${sbp ? '' : ' checked'}> ${esc(t.card)}</label>
<label class="opt"><input type="radio" name="method" id="m-sbp" value="sbp"${sbp ? ' checked' : ''} aria-describedby="qr-hint"> ${esc(t.sbp)}</label>
</fieldset>
<div class="qrbox">${qrishSvg(`${invoice.public_token}:${invoice.amount_minor}`, t.qr)}<p class="hint" id="qr-hint">${esc(t.qrHint)}</p></div>
${p.provider === 'sandbox' ? '' : `<p class="hint">${esc(t.secure)}</p>`}
<div class="actions"><button class="primary" type="submit" name="outcome" value="pay">${esc(t.pay(amount))}</button>${
    p.provider === 'sandbox'
      ? `<button class="secondary" type="submit" name="outcome" value="fail">${esc(t.fail)}</button>`
      : ''
  }</div>
</form>`;
  return layout(p.lang, `${t.title}: ${heading}`, body, languageLinks(p.lang, path, heading));
};

export const renderNotFoundPage = (lang: Language): string => {
  const t = TEXTS[lang];
  return layout(
    lang,
    t.notFoundTitle,
    `<p class="note info" role="alert">${esc(t.notFound)}</p>`,
    `<header><h1>${esc(t.notFoundTitle)}</h1></header>`,
  );
};
