import type { Language, RoomingList } from '@tourdesk/contract';
import { csvDay, csvDocument } from '../../lib/csv';
import { ROOMING_COLUMNS, type RoomingCell } from './rooming-list.columns';

const cellText = (cell: RoomingCell, lang: Language): string => {
  if (cell === null) return '';
  if ('number' in cell) return String(cell.number);
  if ('day' in cell) return csvDay(cell.day, lang);
  return cell.text;
};

/** The rooming list as CSV (lib/csv.ts): a heading row, then one row per traveller. */
export const roomingListCsv = (list: RoomingList, lang: Language): Buffer =>
  Buffer.from(
    csvDocument(
      [
        ROOMING_COLUMNS.map((c) => c.label[lang]),
        ...list.rows.map((row, i) => ROOMING_COLUMNS.map((c) => cellText(c.cell(row, i, lang), lang))),
      ],
      lang,
    ),
    'utf8',
  );
