import { useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, cn, toast } from '@tourdesk/ui';
import { FileDown, FileSpreadsheet, Printer, TriangleAlert } from 'lucide-react';
import type { RoomingList, RoomingListRow, RoomingMissing } from '@tourdesk/contract/api/request-docs';
import { useApiErrorToast } from '../../../lib/form-errors';
import { useRoomingFile, type RoomingFileKind } from './rooming-list-api';
import { lineName } from '../../../lib/line-name';

const MISSING_KEYS: readonly (keyof RoomingMissing)[] = ['name', 'passport', 'birthday', 'phone'];

/** Dates as the reader's language writes them (the list's days are calendar days: read in UTC). */
const useDates = () => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const medium = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    const numeric = new Intl.DateTimeFormat(i18n.language, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
    return { medium: (iso: string) => medium.format(at(iso)), numeric: (iso: string) => numeric.format(at(iso)) };
  }, [i18n.language]);
};

/** What is missing, said in words with a warning sign (never colour alone). */
export function MissingMark({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-warning-50 px-1.5 py-0.5 text-xs font-medium text-warning-800 ring-1 ring-warning-200 print:bg-transparent print:px-0 print:ring-0">
      <TriangleAlert size={13} aria-hidden="true" className="shrink-0" />
      {children}
    </span>
  );
}

/** The departure in one line: its tour, dates and time. */
export function useDepartureLine(list: RoomingList): string {
  const { t } = useTranslation('rooming');
  const dates = useDates();
  const d = list.departure;
  const span =
    d.date_start === d.date_end
      ? dates.medium(d.date_start)
      : t('dates', { start: dates.medium(d.date_start), end: dates.medium(d.date_end) });
  return [d.tour_name, d.tour_variant, span + (d.time_start ? ` ${t('timeAt', { time: d.time_start })}` : '')]
    .filter(Boolean)
    .join(' · ');
}

function Summary({ list }: { list: RoomingList }) {
  const { t } = useTranslation('rooming');
  const { totals, departure } = list;
  const items: [string, ReactNode][] = [
    [
      t('summary.tourists'),
      <>
        <span className="block text-lg font-semibold text-neutral-900">
          {t('summary.touristsValue', { count: totals.tourists })}
        </span>
        <span className="text-neutral-600">
          {[
            t('summary.requests', { count: totals.requests }),
            totals.children > 0 ? t('summary.children', { count: totals.children }) : null,
          ]
            .filter(Boolean)
            .join(', ')}
        </span>
      </>,
    ],
    [
      t('summary.seats'),
      <span key="seats" className="block text-lg font-semibold text-neutral-900">
        {t('summary.seatsValue', { free: departure.number_of_free_seats, total: departure.number_of_seats })}
      </span>,
    ],
    [
      t('summary.missing'),
      totals.with_missing_data === 0 ? (
        <span className="block text-lg font-semibold text-success-700">{t('summary.missingNone')}</span>
      ) : (
        <>
          <span className="flex items-center gap-1.5 text-lg font-semibold text-warning-800">
            <TriangleAlert size={18} aria-hidden="true" />
            {t('summary.missingValue', { count: totals.with_missing_data })}
          </span>
          <span className="text-neutral-600">
            {t('summary.missingParts', {
              name: totals.missing_name,
              passport: totals.missing_passport,
              birthday: totals.missing_birthday,
              phone: totals.missing_phone,
            })}
          </span>
        </>
      ),
    ],
    [
      t('summary.transfer'),
      <span key="transfer" className="block text-lg font-semibold text-neutral-900">
        {t('summary.transferValue', { count: totals.needs_transfer })}
      </span>,
    ],
    [
      t('summary.food'),
      <span key="food" className="block text-lg font-semibold text-neutral-900">
        {t('summary.foodValue', { count: totals.with_food_restriction })}
      </span>,
    ],
  ];
  return (
    <dl aria-label={t('summary.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {items.map(([label, value]) => (
        <Card key={label} className="px-4 py-3">
          <dt className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{label}</dt>
          <dd className="mt-1 text-sm">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** A traveller's cells, shared by the screen table and the printed one. */
function useRowCells(orgId: number) {
  const { t, i18n } = useTranslation('rooming');
  const dates = useDates();
  return (row: RoomingListRow, opts: { links: boolean }) => {
    const missing = (key: keyof RoomingMissing) => <MissingMark>{t(`missing.${key}`)}</MissingMark>;
    // the traveller category when it is not the base one (a child's or an infant's price, a seat or none)
    const category =
      row.category && row.category.code !== 'adult'
        ? lineName(row.category, i18n.language).toLocaleLowerCase(i18n.language)
        : null;
    const flags = [
      category,
      row.is_child && category === null ? t('row.child') : null,
      row.is_contact_person ? t('row.contactPerson') : null,
    ].filter(Boolean);
    return {
      tourist: row.missing.name ? (
        <span className="flex flex-col items-start gap-1">
          <span className="text-neutral-600 italic">{t('row.unnamed', { position: row.position })}</span>
          {category && <span className="text-xs text-neutral-600">{category}</span>}
          {missing('name')}
        </span>
      ) : (
        <span className="flex flex-col">
          <span className="font-medium text-neutral-900">{row.full_name}</span>
          {flags.length > 0 && <span className="text-xs text-neutral-600">{flags.join(', ')}</span>}
        </span>
      ),
      birthday: row.birthday ? (
        <span className="whitespace-nowrap">
          {dates.numeric(row.birthday)}
          {row.age !== null && (
            <span className="block text-xs text-neutral-600">{t('row.age', { count: row.age })}</span>
          )}
        </span>
      ) : (
        missing('birthday')
      ),
      passport: row.passport ? <span className="break-words">{row.passport}</span> : missing('passport'),
      contacts: (
        <span className="flex flex-col gap-0.5">
          {row.phone ? (
            <a href={`tel:${row.phone}`} className="whitespace-nowrap text-neutral-900 hover:underline">
              {row.phone}
            </a>
          ) : row.missing.phone ? (
            missing('phone')
          ) : null}
          {row.email && <span className="text-xs break-all text-neutral-600">{row.email}</span>}
        </span>
      ),
      food: row.food_restriction || <span className="text-neutral-400">—</span>,
      transfer: row.needs_transfer ? (
        <span className="font-medium text-neutral-900">{t('row.transferYes')}</span>
      ) : (
        <span className="text-neutral-500">{t('row.transferNo')}</span>
      ),
      booking: opts.links ? (
        <span className="flex flex-col gap-0.5">
          <Link
            to={`/${orgId}/bookings/${row.request_id}`}
            className="font-medium whitespace-nowrap text-primary-700 hover:underline"
            aria-label={t('row.openBooking', { id: row.request_id })}
          >
            {t('row.booking', { id: row.request_id })}
          </Link>
          <span className="text-xs text-neutral-600">{t(`status.${row.request_status}`)}</span>
          {row.contact_name && (
            <span className="text-xs text-neutral-600">
              {t('row.bookedBy', { name: row.contact_name })}
              {row.contact_phone && <span className="block whitespace-nowrap">{row.contact_phone}</span>}
            </span>
          )}
        </span>
      ) : (
        // on paper: the booking and who to call about it, in two short lines
        <span className="flex flex-col">
          <span>
            <span className="font-medium">{t('row.booking', { id: row.request_id })}</span> ·{' '}
            {t(`status.${row.request_status}`)}
          </span>
          <span className="text-neutral-700">{[row.contact_name, row.contact_phone].filter(Boolean).join(', ')}</span>
        </span>
      ),
    };
  };
}

const missingList = (row: RoomingListRow): (keyof RoomingMissing)[] => MISSING_KEYS.filter((k) => row.missing[k]);

/** The travellers as a table; rows with missing data are marked (a side bar and the words in the cells). */
function RoomingTable({ list, orgId, print = false }: { list: RoomingList; orgId: number; print?: boolean }) {
  const { t } = useTranslation('rooming');
  const cells = useRowCells(orgId);
  const th = cn(
    'px-3 py-2 text-start text-xs font-semibold tracking-wide text-neutral-600 uppercase',
    print && 'px-1.5 py-1 text-[8pt] text-neutral-800',
  );
  const td = cn('px-3 py-2.5 align-top', print && 'px-1.5 py-1');
  return (
    <table className={cn('w-full border-collapse text-sm', print && 'text-[8.5pt]')}>
      <caption className="sr-only">{t('table.caption')}</caption>
      <thead className={cn('bg-neutral-50', print && 'bg-transparent')}>
        <tr className="border-b border-neutral-200">
          <th scope="col" className={cn(th, 'w-10 text-end')}>
            {t('table.number')}
          </th>
          <th scope="col" className={th}>
            {t('table.tourist')}
          </th>
          <th scope="col" className={th}>
            {t('table.birthday')}
          </th>
          <th scope="col" className={th}>
            {t('table.passport')}
          </th>
          <th scope="col" className={th}>
            {t('table.contacts')}
          </th>
          <th scope="col" className={th}>
            {t('table.food')}
          </th>
          <th scope="col" className={th}>
            {t('table.transfer')}
          </th>
          <th scope="col" className={th}>
            {t('table.booking')}
          </th>
        </tr>
      </thead>
      <tbody>
        {list.rows.map((row, i) => {
          const c = cells(row, { links: !print });
          const gaps = missingList(row);
          return (
            <tr
              key={`${row.request_id}-${row.position}`}
              className={cn(
                'border-b border-neutral-100 break-inside-avoid',
                gaps.length > 0 && !print && 'bg-warning-50/40 shadow-[inset_3px_0_0] shadow-warning-400',
              )}
            >
              <td className={cn(td, 'text-end text-neutral-500 tabular-nums')}>{i + 1}</td>
              <th scope="row" className={cn(td, 'text-start font-normal')}>
                {c.tourist}
              </th>
              <td className={td}>{c.birthday}</td>
              <td className={td}>{c.passport}</td>
              <td className={td}>{c.contacts}</td>
              <td className={cn(td, 'max-w-48')}>{c.food}</td>
              <td className={td}>{c.transfer}</td>
              <td className={td}>{c.booking}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Printing shows this and nothing else of the page (the app's navigation, header and buttons stay off paper). */
const PRINT_CSS = `
@media screen { .rooming-print { display: none !important; } }
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body > :not(.rooming-print) { display: none !important; }
  .rooming-print { display: block !important; }
  html, body { background: #fff !important; }
}`;

/** The printed manifest: the departure, its totals, the table, when it was printed. */
function PrintSheet({ list, orgId }: { list: RoomingList; orgId: number }) {
  const { t, i18n } = useTranslation('rooming');
  const line = useDepartureLine(list);
  const today = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date());
  return createPortal(
    <div className="rooming-print bg-white p-0 text-black" style={{ display: 'none' }}>
      <h1 className="text-[14pt] font-semibold">{t('title')}</h1>
      <p className="text-[10pt]">{line}</p>
      <p className="mb-2 text-[9pt] text-neutral-700">
        {[
          t('print.travellers', { count: list.totals.tourists }),
          t('print.seats', { free: list.departure.number_of_free_seats, total: list.departure.number_of_seats }),
          t('print.made', { date: today }),
        ].join(' · ')}
      </p>
      <RoomingTable list={list} orgId={orgId} print />
    </div>,
    document.body,
  );
}

function DownloadButtons({ tourDateId }: { tourDateId: number }) {
  const { t, i18n } = useTranslation('rooming');
  const toastApiError = useApiErrorToast();
  const download = useRoomingFile(tourDateId, i18n.language);
  const pending = download.isPending ? download.variables : null;
  const run = (kind: RoomingFileKind) =>
    download.mutate(kind, { onSuccess: () => toast.success(t('actions.downloaded')), onError: toastApiError });
  return (
    <>
      <Button
        variant="outline"
        onClick={() => run('csv')}
        loading={pending === 'csv'}
        disabled={download.isPending}
        aria-label={t('actions.csvLabel')}
      >
        <FileDown size={16} aria-hidden="true" />
        {t('actions.csv')}
      </Button>
      <Button
        variant="outline"
        onClick={() => run('xlsx')}
        loading={pending === 'xlsx'}
        disabled={download.isPending}
        aria-label={t('actions.xlsxLabel')}
      >
        <FileSpreadsheet size={16} aria-hidden="true" />
        {t('actions.xlsx')}
      </Button>
    </>
  );
}

/** The page's actions: print, CSV, XLSX. */
export function RoomingListActions({ tourDateId }: { tourDateId: number }) {
  const { t } = useTranslation('rooming');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={() => window.print()}>
        <Printer size={16} aria-hidden="true" />
        {t('actions.print')}
      </Button>
      <DownloadButtons tourDateId={tourDateId} />
    </div>
  );
}

/**
 * The rooming list (manifest) of a departure: totals, then every traveller with what the guide
 * needs and what is missing, said in words. Printing shows the manifest alone, in landscape.
 */
export function RoomingListView({ list, orgId }: { list: RoomingList; orgId: number }) {
  const { t } = useTranslation('rooming');
  return (
    <div className="flex flex-col gap-5">
      <style>{PRINT_CSS}</style>
      <Summary list={list} />
      {list.rows.length === 0 ? (
        <Card className="px-5 py-8 text-center text-sm text-neutral-600">{t('empty')}</Card>
      ) : (
        <Card className="overflow-x-auto p-0">
          <RoomingTable list={list} orgId={orgId} />
        </Card>
      )}
      <PrintSheet list={list} orgId={orgId} />
    </div>
  );
}
