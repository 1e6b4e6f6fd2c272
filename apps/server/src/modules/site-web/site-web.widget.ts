import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding } from '../../plugins/compress';

/**
 * The booking widget (issue 27): a script a provider pastes into any site (its WordPress, Tilda):
 *
 *   <script src="https://<site-host>/widget.js" data-tour="<tour id>" async></script>
 *
 * with `data-mode="inline"` (the checkout in the page, instead of a "Book" button and an overlay),
 * `data-date="<departure id>"`, `data-lang="en|ru"` (else the site's language) and `data-label`
 * (the button's own text). The checkout runs in an iframe of the site's embed page
 * (`/booking?tour=&embed=1&origin=<host page's origin>`, the only page any origin may frame).
 *
 * The iframe talks to this script with postMessage, each side checking the other's origin: it
 * posts `tourdesk:resize` {height}, `tourdesk:booked` {request_id, instant}, `tourdesk:close`
 * (Esc in it) to the host's origin only; this script posts `tourdesk:focus` to the site's origin
 * only. The host page hears `tourdesk:opened`, `tourdesk:booked`, `tourdesk:closed` and
 * `tourdesk:resize` as CustomEvents on window (their data in `detail`).
 *
 * Plain browser code, no framework: its source is this function's, sent as it is (the server's
 * bundle is not minified), so it stays type-checked and linted with the rest.
 */
export function tourdeskWidget(win: Window, doc: Document): void {
  const script = doc.currentScript as HTMLScriptElement | null;
  if (!script?.src) return;
  const src = new URL(script.src);
  const siteOrigin = src.origin;
  const base = src.pathname.replace(/\/widget\.js$/, '');
  const data = script.dataset;
  const tour = data.tour ?? '';
  if (!/^\d{1,10}$/.test(tour)) return;
  const docLang = (doc.documentElement.lang || '').slice(0, 2).toLowerCase();
  const lang =
    data.lang === 'ru' || data.lang === 'en' ? data.lang : docLang === 'ru' || docLang === 'en' ? docLang : '';
  const inline = data.mode === 'inline';
  const TEXT = {
    en: { book: 'Book', close: 'Close', dialog: 'Booking' },
    ru: { book: 'Забронировать', close: 'Закрыть', dialog: 'Бронирование' },
  };
  const text = TEXT[lang === 'ru' ? 'ru' : 'en'];

  const query = new URLSearchParams({ tour, embed: '1', origin: win.location.origin });
  if (data.date && /^\d{1,10}$/.test(data.date)) query.set('date', data.date);
  if (lang) query.set('lang', lang);
  const frameUrl = `${siteOrigin}${base}/booking?${query.toString()}`;

  const emit = (type: string, detail: Record<string, unknown> = {}) =>
    win.dispatchEvent(new CustomEvent(type, { detail }));

  const style = (el: HTMLElement, css: Record<string, string>) => Object.assign(el.style, css);
  const makeFrame = () => {
    const frame = doc.createElement('iframe');
    frame.src = frameUrl;
    frame.title = text.dialog;
    style(frame, { border: '0', width: '100%', height: '480px', display: 'block', background: '#fff' });
    return frame;
  };

  let frame: HTMLIFrameElement | null = null;
  let overlay: HTMLElement | null = null;
  let opener: HTMLElement | null = null;

  const close = () => {
    if (!overlay) return;
    overlay.remove();
    overlay = null;
    frame = null;
    doc.removeEventListener('keydown', onKey, true);
    doc.removeEventListener('focusin', onFocus, true);
    emit('tourdesk:closed', { tour: Number(tour) });
    opener?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (!overlay) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  // focus stays in the dialog (its close button and the checkout's frame) while it is open
  const onFocus = (e: FocusEvent) => {
    if (overlay && e.target instanceof Node && !overlay.contains(e.target)) overlay.querySelector('button')?.focus();
  };

  const open = () => {
    if (overlay) return;
    opener = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    overlay = doc.createElement('div');
    overlay.setAttribute('data-tourdesk-overlay', '');
    style(overlay, {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483000',
      background: 'rgba(15,23,42,.6)',
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'center',
      overflowY: 'auto',
      padding: '24px 8px',
    });
    const dialog = doc.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', text.dialog);
    style(dialog, {
      position: 'relative',
      width: '100%',
      maxWidth: '640px',
      background: '#fff',
      borderRadius: '12px',
      overflow: 'hidden',
      boxShadow: '0 10px 40px rgba(0,0,0,.3)',
    });
    const closeButton = doc.createElement('button');
    closeButton.type = 'button';
    closeButton.textContent = '×';
    closeButton.setAttribute('aria-label', text.close);
    style(closeButton, {
      position: 'absolute',
      top: '6px',
      right: '6px',
      width: '40px',
      height: '40px',
      border: '0',
      borderRadius: '20px',
      background: '#f1f5f9',
      font: '24px/1 sans-serif',
      cursor: 'pointer',
      zIndex: '1',
    });
    closeButton.addEventListener('click', close);
    frame = makeFrame();
    const opened = frame;
    opened.addEventListener('load', () => {
      // focus goes into the dialog: the frame, then (asked of the checkout) its first control
      opened.focus();
      opened.contentWindow?.postMessage({ type: 'tourdesk:focus' }, siteOrigin);
      emit('tourdesk:opened', { tour: Number(tour) });
    });
    overlay.addEventListener('click', (e) => {
      if (e.target === overlay) close();
    });
    dialog.append(closeButton, opened);
    overlay.append(dialog);
    doc.body.append(overlay);
    doc.addEventListener('keydown', onKey, true);
    doc.addEventListener('focusin', onFocus, true);
    closeButton.focus();
  };

  win.addEventListener('message', (e: MessageEvent) => {
    // only the checkout's frame, from the site's own origin
    if (e.origin !== siteOrigin || !frame || e.source !== frame.contentWindow) return;
    const msg = (e.data ?? {}) as { type?: unknown; height?: unknown; request_id?: unknown; instant?: unknown };
    if (msg.type === 'tourdesk:resize' && typeof msg.height === 'number' && msg.height > 0) {
      frame.style.height = `${Math.min(Math.ceil(msg.height), 20000)}px`;
      emit('tourdesk:resize', { height: msg.height });
    } else if (msg.type === 'tourdesk:booked' && typeof msg.request_id === 'number') {
      emit('tourdesk:booked', { tour: Number(tour), request_id: msg.request_id, instant: msg.instant === true });
    } else if (msg.type === 'tourdesk:close') close();
  });

  if (inline) {
    frame = makeFrame();
    script.after(frame);
    return;
  }
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'tourdesk-book';
  button.textContent = data.label || text.book;
  style(button, {
    padding: '12px 24px',
    border: '0',
    borderRadius: '8px',
    background: '#0f766e',
    color: '#fff',
    font: '600 16px/1.2 sans-serif',
    cursor: 'pointer',
  });
  button.addEventListener('click', open);
  script.after(button);
}

/** widget.js as it is sent: the script, its gzip and brotli forms and its etag, made once. */
export const widgetScript = (() => {
  const plain = Buffer.from(`(${tourdeskWidget.toString()})(window, document);\n`, 'utf8');
  return {
    plain,
    gzip: zlib.gzipSync(plain, { level: 9 }),
    br: zlib.brotliCompressSync(plain),
    etag: `"${crypto.createHash('sha1').update(plain).digest('base64url')}"`,
  };
})();

export const WIDGET_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  // any page may load it; a day's cache (its URL has no hash: providers paste it once)
  'cache-control': 'public, max-age=86400',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
  vary: 'accept-encoding',
};

/** Sends widget.js: compressed as the browser accepts, 304 for the same ETag. */
export const sendWidget = (request: FastifyRequest, reply: FastifyReply) => {
  reply.headers(WIDGET_HEADERS).header('etag', widgetScript.etag);
  if (request.headers['if-none-match'] === widgetScript.etag) return reply.status(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding'] as string | undefined);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? widgetScript.br : encoding === 'gzip' ? widgetScript.gzip : widgetScript.plain);
};

/** The host page's origin the embed page posts its messages to: an http(s) origin, nothing else. */
export const parentOriginOf = (v: unknown): string | null => {
  if (typeof v !== 'string' || v.length > 200) return null;
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === v ? v : null;
  } catch {
    return null;
  }
};
