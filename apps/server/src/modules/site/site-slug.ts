/**
 * Latin slugs of Cyrillic names: the site's subdomain made from the organizer's name, and the
 * slug of a tour that has no screen_name of its own (`<id>-<transliterated name>`).
 */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

/** Lower-case Latin letters, digits and single hyphens; '' when nothing is left. */
export const slugify = (text: string, max = 80): string =>
  [...text.toLowerCase().normalize('NFC')]
    .map((ch) => CYRILLIC[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');

/** A tour's slug on the site: its screen_name, else `<id>-<transliterated name>` (`<id>` alone for a name with no letters). */
export const tourSlug = (tour: { id: number; name: string; screen_name: string }): string => {
  if (tour.screen_name) return tour.screen_name;
  const name = slugify(tour.name, 100);
  return name ? `${tour.id}-${name}` : String(tour.id);
};
