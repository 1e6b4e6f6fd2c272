import ExcelJS from 'exceljs';
import type { Language, RoomingList } from '@tourdesk/contract';
import { ROOMING_COLUMNS, ROOMING_WORDS } from './rooming-list.columns';

/** How dates show in the workbook (the cells hold real dates; only their display follows the language). */
const DATE_FORMAT: Record<Language, string> = { en: 'yyyy-mm-dd', ru: 'dd.mm.yyyy' };

/** A calendar day as the Date exceljs writes as that day (it converts through UTC). */
const excelDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

const SUMMARY = {
  en: {
    tour: 'Tour',
    variant: 'Variant',
    start: 'Start',
    end: 'End',
    time: 'Time',
    seats: 'Seats',
    free: 'Free seats',
    requests: 'Requests',
    tourists: 'Tourists',
    children: 'Children',
    transfer: 'Need a transfer',
    food: 'With food restrictions',
    missingName: 'Without a name',
    missingPassport: 'Without a passport',
    missingBirthday: 'Without a date of birth',
    missingPhone: 'Without a phone',
  },
  ru: {
    tour: 'Тур',
    variant: 'Вариант',
    start: 'Начало',
    end: 'Окончание',
    time: 'Время',
    seats: 'Мест',
    free: 'Свободно мест',
    requests: 'Заявок',
    tourists: 'Туристов',
    children: 'Детей',
    transfer: 'Нужен трансфер',
    food: 'С ограничениями в питании',
    missingName: 'Без ФИО',
    missingPassport: 'Без паспорта',
    missingBirthday: 'Без даты рождения',
    missingPhone: 'Без телефона',
  },
} satisfies Record<Language, unknown>;

/**
 * The rooming list as an Excel workbook: the list (a bold heading row, frozen, with a filter; dates
 * as dates, numbers as numbers, every column sized) and the departure with its totals on a second sheet.
 */
export const roomingListXlsx = async (list: RoomingList, lang: Language): Promise<Buffer> => {
  const words = ROOMING_WORDS[lang];
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tourdesk';
  wb.created = new Date();

  const sheet = wb.addWorksheet(words.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ROOMING_COLUMNS.map((c) => ({ key: c.key, header: c.label[lang], width: c.width }));
  sheet.getRow(1).font = { bold: true };
  list.rows.forEach((row, i) => {
    const values = ROOMING_COLUMNS.map((c) => {
      const cell = c.cell(row, i, lang);
      if (cell === null) return null;
      if ('number' in cell) return cell.number;
      if ('day' in cell) return excelDay(cell.day);
      return cell.text;
    });
    sheet.addRow(values);
  });
  ROOMING_COLUMNS.forEach((c, i) => {
    if (c.key === 'birthday') sheet.getColumn(i + 1).numFmt = DATE_FORMAT[lang];
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: ROOMING_COLUMNS.length } };

  const s = SUMMARY[lang];
  const d = list.departure;
  const t = list.totals;
  const info = wb.addWorksheet(words.departureSheet);
  info.columns = [{ width: 28 }, { width: 40 }];
  const pairs: [string, string | number | Date][] = [
    [s.tour, d.tour_name],
    ...(d.tour_variant ? ([[s.variant, d.tour_variant]] as [string, string][]) : []),
    [s.start, excelDay(d.date_start)],
    [s.end, excelDay(d.date_end)],
    ...(d.time_start ? ([[s.time, d.time_start]] as [string, string][]) : []),
    [s.seats, d.number_of_seats],
    [s.free, d.number_of_free_seats],
    [s.requests, t.requests],
    [s.tourists, t.tourists],
    [s.children, t.children],
    [s.transfer, t.needs_transfer],
    [s.food, t.with_food_restriction],
    [s.missingName, t.missing_name],
    [s.missingPassport, t.missing_passport],
    [s.missingBirthday, t.missing_birthday],
    [s.missingPhone, t.missing_phone],
  ];
  for (const [label, value] of pairs) {
    const row = info.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    if (value instanceof Date) row.getCell(2).numFmt = DATE_FORMAT[lang];
    row.getCell(2).alignment = { horizontal: 'left' };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};
