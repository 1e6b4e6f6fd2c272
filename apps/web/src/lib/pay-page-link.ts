import type { Language } from '@tourdesk/contract/entities/user-values';

/**
 * An invoice's payment page (payment_url, the server's /pay/<token>) in a language: `?lang=`,
 * which the page honours and offers a switch from; without it the page takes the browser's.
 */
export const payPageLink = (url: string, language: Language): string => {
  try {
    const link = new URL(url, window.location.origin);
    link.searchParams.set('lang', language);
    return link.toString();
  } catch {
    return url;
  }
};
