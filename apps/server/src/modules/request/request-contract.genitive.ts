/**
 * Russian genitive for a contract's "в лице …": the signatory's position and full name. A small,
 * tested rule set for the common cases; whatever it does not know stays as written (the nominative
 * reads as an unpolished contract, a wrong ending as a mistake).
 */

/** The head nouns of positions (lower case, ё as е) and their genitive: letters cut, ending added. */
const POSITION_HEADS: Record<string, [cut: number, ending: string]> = {
  директор: [0, 'а'],
  руководитель: [1, 'я'],
  президент: [0, 'а'],
  предприниматель: [1, 'я'],
  председатель: [1, 'я'],
  управляющий: [2, 'его'],
  заместитель: [1, 'я'],
  начальник: [0, 'а'],
  партнер: [0, 'а'],
  учредитель: [1, 'я'],
  глава: [1, 'ы'],
  менеджер: [0, 'а'],
  администратор: [0, 'а'],
  владелец: [2, 'ьца'],
  собственник: [0, 'а'],
  представитель: [1, 'я'],
  бухгалтер: [0, 'а'],
  агент: [0, 'а'],
};
const headOf = (word: string): [number, string] | undefined => POSITION_HEADS[word.toLowerCase().replace(/ё/g, 'е')];

/** Keeps the written case: the ending is replaced, the stem's letters stay as typed. */
const withEnding = (word: string, cut: number, ending: string): string => {
  const stem = word.slice(0, word.length - cut);
  return stem + (word === word.toUpperCase() && word.length > 1 ? ending.toUpperCase() : ending);
};

const VELAR_OR_SIBILANT = /[гкхжшщч]$/i;

/** A full adjective's genitive (masculine): -ый/-ой → -ого, -ий → -его (-ого after г, к, х); null if none. */
const adjectiveGenitive = (word: string): string | null => {
  const lower = word.toLowerCase();
  if (/(ый|ой)$/.test(lower)) return withEnding(word, 2, 'ого');
  if (/ий$/.test(lower)) return withEnding(word, 2, /[гкх]ий$/.test(lower) ? 'ого' : 'его');
  return null;
};

/** Matches a word's case: capitalised (Директор), all capitals, or lower. */
const likeCase = (model: string, word: string): string => {
  if (model.length > 1 && model === model.toUpperCase()) return word.toUpperCase();
  return model[0] === model[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word;
};

/**
 * "Генеральный директор" → "Генерального директора", "Заместитель генерального директора" →
 * "Заместителя генерального директора": the adjectives before the first known head noun and the
 * noun are declined, what follows it (already a genitive or a prepositional phrase) stays. Unknown
 * → as given.
 */
export const positionGenitive = (position: string): string => {
  const words = position.trim().split(/\s+/);
  if (words.length === 0 || words[0] === '') return position.trim();
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const head = headOf(word);
    // "Управляющий партнёр": a head noun before another is an adjective
    const next = words[i + 1];
    if (head && !(next !== undefined && headOf(next) && adjectiveGenitive(word))) {
      return [...out, withEnding(word, head[0], head[1]), ...words.slice(i + 1)].join(' ');
    }
    const adjective = adjectiveGenitive(word);
    if (!adjective) return position.trim();
    out.push(adjective);
  }
  return position.trim();
};

export type Gender = 'male' | 'female';

/** The gender a patronymic tells (Петрович, Ильич / Петровна, Ильинична); null without one. */
export const genderOf = (middleName: string): Gender | null => {
  const m = middleName.trim().toLowerCase();
  if (/(вич|ич)$/.test(m)) return 'male';
  if (/(вна|чна)$/.test(m)) return 'female';
  return null;
};

const MALE_FIRST_NAMES: Record<string, string> = { павел: 'павла', лев: 'льва', пётр: 'петра', петр: 'петра' };

/** -а → -ы (-и after г, к, х, ж, ш, щ, ч), -я → -и. */
const aGenitive = (word: string): string =>
  /я$/i.test(word)
    ? withEnding(word, 1, 'и')
    : withEnding(word, 1, VELAR_OR_SIBILANT.test(word.slice(0, -1)) ? 'и' : 'ы');

const firstNameGenitive = (name: string, gender: Gender): string => {
  const lower = name.toLowerCase();
  if (gender === 'male') {
    const known = MALE_FIRST_NAMES[lower];
    if (known) return likeCase(name, known);
    if (/[йь]$/.test(lower)) return withEnding(name, 1, 'я');
    if (/[ая]$/.test(lower)) return aGenitive(name);
    if (/[бвгджзклмнпрстфхцчшщ]$/.test(lower)) return withEnding(name, 0, 'а');
    return name;
  }
  if (/ия$/.test(lower)) return withEnding(name, 1, 'и');
  if (/[ая]$/.test(lower)) return aGenitive(name);
  if (/ь$/.test(lower)) return withEnding(name, 1, 'и');
  return name;
};

const surnameGenitive = (name: string, gender: Gender): string => {
  const lower = name.toLowerCase();
  if (gender === 'male') {
    if (/(ов|ев|ёв|ин|ын)$/.test(lower)) return withEnding(name, 0, 'а');
    if (/(ский|цкий|ой|ый|ий)$/.test(lower)) return adjectiveGenitive(name) ?? name;
    if (/(их|ых|[еиоуэюы])$/.test(lower)) return name;
    if (/[йь]$/.test(lower)) return withEnding(name, 1, 'я');
    if (/[ая]$/.test(lower)) return aGenitive(name);
    if (/[бвгджзклмнпрстфхцчшщ]$/.test(lower)) return withEnding(name, 0, 'а');
    return name;
  }
  if (/(ова|ева|ёва|ина|ына)$/.test(lower)) return withEnding(name, 1, 'ой');
  if (/(ская|цкая|ая)$/.test(lower)) return withEnding(name, 2, 'ой');
  // other women's surnames (Шевчук, Дюма, Мороз) are left as written
  return name;
};

const patronymicGenitive = (name: string, gender: Gender): string =>
  gender === 'male' ? withEnding(name, 0, 'а') : withEnding(name, 1, 'ы');

/**
 * "Соколова Анна Петровна" → "Соколовой Анны Петровны" (the parts given separately): declined when the
 * patronymic tells the gender, as given otherwise. Surname first, as Russian documents write it.
 */
export const fullNameGenitive = (p: { last_name: string; first_name: string; middle_name: string }): string => {
  const parts = [p.last_name.trim(), p.first_name.trim(), p.middle_name.trim()];
  const gender = genderOf(parts[2]!);
  const [last, first, middle] = gender
    ? [
        parts[0] && surnameGenitive(parts[0], gender),
        parts[1] && firstNameGenitive(parts[1], gender),
        parts[2] && patronymicGenitive(parts[2], gender),
      ]
    : parts;
  return [last, first, middle].filter(Boolean).join(' ');
};
