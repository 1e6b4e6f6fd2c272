// @vitest-environment jsdom
/**
 * The booking widget's script (issue 27) in a browser's DOM (jsdom): the button it adds, the
 * overlay dialog with the checkout's frame, the messages it trusts (the site's origin, from its
 * frame, nothing else) and the events the host page hears; Esc and the close button give focus
 * back. Run as the server sends it (widgetScript), not the function itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { widgetScript } from './site-web.widget';

const SITE = 'https://altai.sites.example';

const install = (attrs: Record<string, string>) => {
  document.body.innerHTML = '<p><a href="#" id="before">before</a></p>';
  const script = document.createElement('script');
  script.src = `${SITE}/widget.js`;
  for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v);
  document.body.append(script);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  // as the browser runs the script the server sends
  new Function(widgetScript.plain.toString('utf8'))();
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  const heard: { type: string; detail: unknown }[] = [];
  for (const type of ['tourdesk:opened', 'tourdesk:booked', 'tourdesk:closed', 'tourdesk:resize'])
    window.addEventListener(type, (e) => heard.push({ type, detail: (e as CustomEvent).detail }));
  return { script, heard };
};

const fromFrame = (frame: HTMLIFrameElement, data: unknown, origin = SITE) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

describe('the booking widget in the host page', () => {
  it('a "Book" button opens a dialog with the checkout’s frame of the site, for the host page’s origin', () => {
    const { heard } = install({ 'data-tour': '42', 'data-date': '7', 'data-lang': 'en' });
    const button = document.querySelector<HTMLButtonElement>('button.tourdesk-book')!;
    expect(button.textContent).toBe('Book');
    expect(document.querySelector('iframe')).toBeNull();
    button.focus();
    button.click();
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Booking');
    const frame = dialog.querySelector('iframe')!;
    const src = new URL(frame.src);
    expect(`${src.origin}${src.pathname}`).toBe(`${SITE}/booking`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      tour: '42',
      embed: '1',
      origin: window.location.origin,
      date: '7',
      lang: 'en',
    });
    // focus is in the dialog: its close button, named
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    frame.dispatchEvent(new Event('load'));
    expect(heard).toEqual([{ type: 'tourdesk:opened', detail: { tour: 42 } }]);
    dialog.querySelector('button')!.click();
  });

  it('trusts the site’s frame only: resize and booked from it, nothing from another origin or window', () => {
    const { heard } = install({ 'data-tour': '42' });
    document.querySelector<HTMLButtonElement>('button.tourdesk-book')!.click();
    const frame = document.querySelector('iframe')!;
    fromFrame(frame, { type: 'tourdesk:booked', request_id: 666, instant: true }, 'https://evil.example');
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'tourdesk:booked', request_id: 667 }, origin: SITE, source: window }),
    );
    fromFrame(frame, { type: 'tourdesk:close' }, 'https://evil.example');
    expect(heard).toEqual([]);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    fromFrame(frame, { type: 'tourdesk:resize', height: 812.4 });
    expect(frame.style.height).toBe('813px');
    fromFrame(frame, { type: 'tourdesk:booked', request_id: 1234, instant: false });
    fromFrame(frame, { type: 'tourdesk:booked', request_id: '1234' });
    expect(heard).toEqual([
      { type: 'tourdesk:resize', detail: { height: 812.4 } },
      { type: 'tourdesk:booked', detail: { tour: 42, request_id: 1234, instant: false } },
    ]);
    // Esc pressed in the frame: it asks to close
    fromFrame(frame, { type: 'tourdesk:close' });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(heard.at(-1)).toEqual({ type: 'tourdesk:closed', detail: { tour: 42 } });
  });

  it('Esc and the close button close it and give focus back to the button; Russian from the page’s language', () => {
    document.documentElement.lang = 'ru-RU';
    const { heard } = install({ 'data-tour': '5' });
    const button = document.querySelector<HTMLButtonElement>('button.tourdesk-book')!;
    expect(button.textContent).toBe('Забронировать');
    button.focus();
    button.click();
    expect(document.querySelector('[role="dialog"]')!.getAttribute('aria-label')).toBe('Бронирование');
    expect(new URL(document.querySelector('iframe')!.src).searchParams.get('lang')).toBe('ru');
    // focus cannot leave the open dialog
    document.getElementById('before')!.focus();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Закрыть');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(button);
    button.click();
    document.querySelector<HTMLButtonElement>('[role="dialog"] button')!.click();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(heard.map((h) => h.type)).toEqual(['tourdesk:closed', 'tourdesk:closed']);
  });

  it('inline mode puts the checkout’s frame in the page, sized by its messages; a bad tour adds nothing', () => {
    const { script, heard } = install({ 'data-tour': '42', 'data-mode': 'inline', 'data-label': 'x' });
    const frame = script.nextElementSibling as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(document.querySelector('button')).toBeNull();
    fromFrame(frame, { type: 'tourdesk:resize', height: 1500 });
    expect(frame.style.height).toBe('1500px');
    expect(heard).toEqual([{ type: 'tourdesk:resize', detail: { height: 1500 } }]);
    install({ 'data-tour': '42abc' });
    expect(document.querySelector('button, iframe')).toBeNull();
  });
});
