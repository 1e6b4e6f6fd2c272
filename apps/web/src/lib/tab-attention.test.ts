import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_ALTERNATION_MS } from '@tourdesk/contract/constants';
import { createTabAttention, faviconWithDot, type TabAttention } from './tab-attention';

const ICON = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};
const iconHref = () => document.querySelector('link[rel~="icon"]')!.getAttribute('href');
const newMessage = (count: number) => `(${count}) New message${count === 1 ? '' : 's'}`;

let attention: TabAttention;

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  document.head.innerHTML = `<link rel="icon" type="image/svg+xml" href="${ICON}" />`;
  document.title = 'Tourdesk';
  attention = createTabAttention(document);
  attention.setBaseTitle('Chats · Tourdesk');
});

afterEach(() => {
  attention.dispose();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('tab attention', () => {
  it('puts the unread count before the title, and takes it away at 0', () => {
    expect(document.title).toBe('Chats · Tourdesk');
    attention.setUnreadCount(3);
    expect(document.title).toBe('(3) Chats · Tourdesk');
    attention.setBaseTitle('Bookings · Tourdesk');
    expect(document.title).toBe('(3) Bookings · Tourdesk');
    attention.setUnreadCount(0);
    expect(document.title).toBe('Bookings · Tourdesk');
  });

  it('a chat event on a visible tab changes neither title nor favicon', () => {
    expect(attention.notify(newMessage)).toBe(false);
    vi.advanceTimersByTime(TAB_ALTERNATION_MS * 3);
    expect(document.title).toBe('Chats · Tourdesk');
    expect(iconHref()).toBe(ICON);
    expect(attention.isAlternating()).toBe(false);
  });

  it('on a hidden tab the title and the favicon alternate every 1000 ms until the tab is visible again', () => {
    expect(TAB_ALTERNATION_MS).toBe(1000);
    attention.setUnreadCount(2);
    setVisibility('hidden');
    expect(attention.notify(newMessage)).toBe(true);

    expect(document.title).toBe('(1) New message');
    expect(iconHref()).toBe(faviconWithDot(ICON));
    vi.advanceTimersByTime(999);
    expect(document.title).toBe('(1) New message');
    vi.advanceTimersByTime(1);
    expect(document.title).toBe('(2) Chats · Tourdesk');
    expect(iconHref()).toBe(ICON);
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('(1) New message');
    expect(iconHref()).toBe(faviconWithDot(ICON));

    // a second event counts, without restarting the rhythm
    vi.advanceTimersByTime(400);
    attention.notify(newMessage);
    expect(document.title).toBe('(2) New messages');
    vi.advanceTimersByTime(600);
    expect(document.title).toBe('(2) Chats · Tourdesk');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('(2) New messages');

    setVisibility('visible');
    expect(document.title).toBe('(2) Chats · Tourdesk');
    expect(iconHref()).toBe(ICON);
    expect(document.querySelector('link[rel~="icon"]')!.getAttribute('type')).toBe('image/svg+xml');
    expect(attention.isAlternating()).toBe(false);
    vi.advanceTimersByTime(TAB_ALTERNATION_MS * 5);
    expect(document.title).toBe('(2) Chats · Tourdesk');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts again from 1 the next time the tab is hidden', () => {
    setVisibility('hidden');
    attention.notify(newMessage);
    attention.notify(newMessage);
    setVisibility('visible');
    setVisibility('hidden');
    attention.notify(newMessage);
    expect(document.title).toBe('(1) New message');
  });

  it('a title change while alternating shows in the normal phase', () => {
    setVisibility('hidden');
    attention.notify(newMessage);
    attention.setBaseTitle('Bookings · Tourdesk');
    expect(document.title).toBe('(1) New message');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('Bookings · Tourdesk');
  });

  it('restores an icon of another type and address', () => {
    attention.dispose();
    document.head.innerHTML = '<link rel="shortcut icon" href="/favicon.ico" />';
    attention = createTabAttention(document);
    attention.setBaseTitle('Tourdesk');
    setVisibility('hidden');
    attention.notify(newMessage);
    const link = document.querySelector('link[rel~="icon"]')!;
    expect(link.getAttribute('type')).toBe('image/svg+xml');
    expect(link.getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    setVisibility('visible');
    expect(link.getAttribute('href')).toBe('/favicon.ico');
    expect(link.hasAttribute('type')).toBe(false);
  });

  it('the dotted favicon embeds the brand icon and draws a dot', () => {
    const svg = decodeURIComponent(faviconWithDot(ICON).slice('data:image/svg+xml,'.length));
    expect(svg).toContain(`<image href="${ICON}"`);
    expect(svg).toContain('<circle');
    // an address an icon cannot load inside an SVG is left out
    expect(decodeURIComponent(faviconWithDot('/favicon.ico'))).not.toContain('<image');
  });

  it('after dispose it no longer listens', () => {
    attention.dispose();
    setVisibility('hidden');
    document.title = 'x';
    setVisibility('visible');
    expect(document.title).toBe('x');
  });
});
