/** A person's name parts, as the contract's tourist, guide or director has them. */
export interface NameParts {
  first_name?: string | null;
  last_name?: string | null;
  middle_name?: string | null;
}

/**
 * A person's name in the order of the interface's language: Russian puts the surname first
 * (Смирнова Анна Петровна), English the given name (Anna Petrovna Smirnova). The server's
 * `full_name` is SPEC's surname-first form; screens build the name from its parts instead.
 */
export const personName = (person: NameParts, language: string, fallback = ''): string => {
  const first = person.first_name?.trim() ?? '';
  const last = person.last_name?.trim() ?? '';
  const middle = person.middle_name?.trim() ?? '';
  const parts = language.startsWith('ru') ? [last, first, middle] : [first, middle, last];
  return parts.filter(Boolean).join(' ') || fallback;
};
