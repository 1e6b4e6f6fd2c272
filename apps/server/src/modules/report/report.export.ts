import ExcelJS from 'exceljs';
import type { Language, ReportKind } from '@tourdesk/contract';
import { csvAmount, csvDay, csvDocument } from '../../lib/csv';
import type { ReportCell, ReportTable } from './report.table';

const DATE_FORMAT: Record<Language, string> = { en: 'yyyy-mm-dd', ru: 'dd.mm.yyyy' };

const csvCell = (cell: ReportCell, lang: Language): string => {
  if ('text' in cell) return cell.text;
  if ('count' in cell) return String(cell.count);
  if ('money' in cell) return csvAmount(Math.round(cell.money * 100), lang);
  if ('percent' in cell) return lang === 'ru' ? String(cell.percent).replace('.', ',') : String(cell.percent);
  return csvDay(cell.day, lang);
};

/** The report as CSV (lib/csv.ts: a BOM, the language's separator and decimal mark). */
export const reportCsv = (table: ReportTable, lang: Language): Buffer =>
  Buffer.from(
    csvDocument([table.headings, ...table.rows.map((r) => r.map((cell) => csvCell(cell, lang)))], lang),
    'utf8',
  );

/** The report as a workbook: one sheet, a bold frozen heading row; numbers as numbers, days as dates. */
export const reportXlsx = async (table: ReportTable, lang: Language): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tourdesk';
  wb.created = new Date();
  const sheet = wb.addWorksheet(table.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.headings.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(
      row.map((cell) => {
        if ('text' in cell) return cell.text;
        if ('count' in cell) return cell.count;
        if ('money' in cell) return cell.money;
        if ('percent' in cell) return cell.percent;
        return new Date(`${cell.day}T00:00:00Z`);
      }),
    );
    row.forEach((cell, i) => {
      if ('money' in cell) added.getCell(i + 1).numFmt = '#,##0.00';
      if ('day' in cell) added.getCell(i + 1).numFmt = DATE_FORMAT[lang];
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** report-revenue-2026-01-01_2026-03-31.csv */
export const reportFileName = (kind: ReportKind, from: string | undefined, to: string | undefined, ext: string) =>
  `report-${kind}${[from, to].some(Boolean) ? `-${[from ?? '', to ?? ''].join('_')}` : ''}.${ext}`;
