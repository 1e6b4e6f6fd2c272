import type { TravellerCategoryRef } from '@tourdesk/contract';
import type { StoredTravellerLine } from '../../db/schema/bookings';

type RowCategory = TravellerCategoryRef | null;
const categoryOf = (line: StoredTravellerLine | undefined): RowCategory =>
  line ? { code: line.code, name_en: line.name_en, name_ru: line.name_ru } : null;

/**
 * Each traveller's category: a named tourist's own (none recorded: the first line, the base one),
 * then the places not named yet take what the named left of each line, in the lines' order.
 */
export const placeCategories = (
  lines: StoredTravellerLine[],
  named: { category_id: number | null }[],
  places: number,
): { named: RowCategory[]; unnamed: RowCategory[] } => {
  const left = new Map(lines.map((l) => [l, l.count]));
  const lineOf = (id: number | null) => (id === null ? lines[0] : lines.find((l) => l.category_id === id));
  const namedCategories = named.map((t) => {
    const line = lineOf(t.category_id);
    if (line) left.set(line, (left.get(line) ?? 0) - 1);
    return categoryOf(line);
  });
  const queue = lines.flatMap((l) => Array.from({ length: Math.max(0, left.get(l) ?? 0) }, () => l));
  const unnamed = Array.from({ length: places }, (_, i) => categoryOf(queue[i] ?? lines[0]));
  return { named: namedCategories, unnamed };
};

/** The booking's travellers per category, as the questionnaire names them ("2 × Adult, 1 × Child"). */
export const travellerCounts = (lines: StoredTravellerLine[] | null) =>
  (lines ?? []).filter((l) => l.count > 0).map((l) => ({ ...categoryOf(l)!, count: l.count }));
