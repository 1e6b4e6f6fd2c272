import { TAB_ALTERNATION_MS } from '@tourdesk/contract/constants';

/** The colour of the dot drawn on the favicon while a hidden tab asks for attention. */
const DOT_COLOUR = '#e11d48';

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The favicon with a red dot in its top right corner, as an SVG data URI. The brand's favicon is
 * itself a data URI (brands/logos.ts), which an SVG used as an icon may embed; any other address
 * could not load inside it, so the dot is drawn alone then.
 */
export const faviconWithDot = (href: string): string => {
  const image = href.startsWith('data:') ? `<image href="${escapeAttribute(href)}" width="64" height="64"/>` : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${image}` +
    `<circle cx="48" cy="16" r="14" fill="${DOT_COLOUR}" stroke="#ffffff" stroke-width="4"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
};

/** Makes the title a hidden tab shows, from the number of chat events since it was hidden. */
export type AttentionTitle = (count: number) => string;

export interface TabAttention {
  /** The title of the screen (route title · brand); the unread count goes before it. */
  setBaseTitle(title: string): void;
  /** Unread chat messages: shown as "(3) …" before the title while there are any. */
  setUnreadCount(count: number): void;
  /**
   * A chat event arrived. While the tab is hidden, the title and the favicon alternate every
   * TAB_ALTERNATION_MS (SPEC §4, §9) until it is visible again; answers whether it started or
   * went on alternating (false on a visible tab: nothing changes).
   */
  notify(title: AttentionTitle): boolean;
  /** Whether the title and favicon are alternating now. */
  isAlternating(): boolean;
  /** Stops alternating and stops listening (tests; the app keeps one for its life). */
  dispose(): void;
}

/**
 * The hidden tab's attention (SPEC §4 "When the tab is hidden, the title and favicon alternate
 * every 1000 ms"): owns `document.title` (the screen's title with the unread count before it) and
 * the favicon while alternating; a tab made visible gets its own title and icon back at once.
 */
export const createTabAttention = (doc: Document = document): TabAttention => {
  let baseTitle = doc.title;
  let unread = 0;
  let pending = 0;
  let makeTitle: AttentionTitle | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let showingAttention = false;
  /** each icon link's own address and type, kept while a dotted one replaces it */
  let originals: { link: HTMLLinkElement; href: string; type: string }[] = [];

  const normalTitle = (): string => (unread > 0 ? `(${unread}) ${baseTitle}` : baseTitle);

  const iconLinks = (): HTMLLinkElement[] => Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]'));

  const showDottedIcon = (): void => {
    if (originals.length === 0)
      originals = iconLinks().map((link) => ({
        link,
        href: link.getAttribute('href') ?? '',
        type: link.getAttribute('type') ?? '',
      }));
    for (const { link, href } of originals) {
      link.setAttribute('type', 'image/svg+xml');
      link.setAttribute('href', faviconWithDot(href));
    }
  };

  const showOwnIcon = (): void => {
    for (const { link, href, type } of originals) {
      if (type) link.setAttribute('type', type);
      else link.removeAttribute('type');
      link.setAttribute('href', href);
    }
  };

  const render = (): void => {
    if (timer !== null && showingAttention && makeTitle) {
      doc.title = makeTitle(pending);
      showDottedIcon();
    } else {
      doc.title = normalTitle();
      showOwnIcon();
    }
  };

  const stopAlternating = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    pending = 0;
    showingAttention = false;
    render();
    originals = [];
  };

  const onVisibilityChange = (): void => {
    if (doc.visibilityState !== 'hidden') stopAlternating();
  };
  doc.addEventListener('visibilitychange', onVisibilityChange);

  return {
    setBaseTitle(title) {
      baseTitle = title;
      render();
    },
    setUnreadCount(count) {
      unread = Math.max(0, Math.trunc(count));
      render();
    },
    notify(title) {
      if (doc.visibilityState !== 'hidden') return false;
      pending += 1;
      makeTitle = title;
      if (timer === null) {
        showingAttention = true;
        timer = setInterval(() => {
          showingAttention = !showingAttention;
          render();
        }, TAB_ALTERNATION_MS);
      }
      render();
      return true;
    },
    isAlternating: () => timer !== null,
    dispose() {
      stopAlternating();
      doc.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
};

let shared: TabAttention | null = null;

/** The app's one tab attention (made on first use, so importing this module touches nothing). */
export const tabAttention = (): TabAttention => {
  shared ??= createTabAttention();
  return shared;
};
