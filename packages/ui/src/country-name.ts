/**
 * Country names through Intl.DisplayNames. A module of its own: phone.ts carries
 * libphonenumber-js and its metadata (about 40 KB gzip), which a screen that only shows a
 * country's name (the dashboard) must not download.
 */

const displayNamesCache = new Map<string, Intl.DisplayNames | null>();

/** The locale used for country names: ru, de or en-US (fallback). */
export function countryNamesLocale(locale: string | undefined): 'ru' | 'de' | 'en-US' {
  const lang = (locale ?? '').toLowerCase().split('-')[0];
  return lang === 'ru' ? 'ru' : lang === 'de' ? 'de' : 'en-US';
}

/** A country's name in ru, de or en-US via Intl.DisplayNames, created lazily; falls back to `fallback`. */
export function countryName(isoCode: string, locale?: string, fallback?: string): string {
  const lang = countryNamesLocale(locale);
  if (!displayNamesCache.has(lang)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang, 'en-US'], { type: 'region' });
    } catch {
      names = null;
    }
    displayNamesCache.set(lang, names);
  }
  const names = displayNamesCache.get(lang);
  try {
    return names?.of(isoCode.toUpperCase()) ?? fallback ?? isoCode;
  } catch {
    return fallback ?? isoCode;
  }
}
