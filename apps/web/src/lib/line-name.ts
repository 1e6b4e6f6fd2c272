/** A line's name in the interface language: Russian where it has one, else English (and the other way round). */
export const lineName = (line: { name_en: string; name_ru: string }, language: string): string =>
  (language.startsWith('ru') ? line.name_ru || line.name_en : line.name_en || line.name_ru) || '—';
