import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Input, LoadingState, Pagination, buttonClassName, cn } from '@tourdesk/ui';
import { AlertTriangle, CalendarDays, ImageIcon, Map as MapIcon, Plus, Search } from 'lucide-react';
import { TOUR_LIST_PAGE_SIZE } from '@tourdesk/contract/api/tour-routes';
import type { TourListItem } from '@tourdesk/contract/entities/tour';
import { TOUR_STATUSES, TOUR_TYPE, type TourStatus, type TourType } from '@tourdesk/contract/enum-values';
import { QueryErrorState } from '../../../components/query-error-state';
import { Segmented } from '../../../components/segmented';
import { SiteStatusBadge } from '../../partner';
import { usePartners } from '../../organizer';
import { useTours, type TourListFilters } from '../api/list-tours';

const SEARCH_DELAY_MS = 300;

const STATUS_TONE: Record<TourStatus, string> = {
  draft: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  published: 'bg-success-50 text-success-700 ring-success-200',
  archived: 'bg-neutral-50 text-neutral-500 ring-neutral-200',
};

function TourCard({ orgId, tour, siteNames }: { orgId: number; tour: TourListItem; siteNames: Map<number, string> }) {
  const { t, i18n } = useTranslation('tours');
  const day = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const money =
    tour.price === null
      ? null
      : new Intl.NumberFormat(i18n.language, {
          style: 'currency',
          currency: tour.currency,
          maximumFractionDigits: 0,
        }).format(tour.price);
  const length =
    tour.type === TOUR_TYPE.excursion
      ? tour.duration_hours !== null
        ? t('list.hours', { count: tour.duration_hours })
        : null
      : tour.duration !== null
        ? t('list.days', { count: tour.duration })
        : null;
  return (
    <li>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row">
        <div className="flex aspect-[4/3] w-full shrink-0 items-center justify-center overflow-hidden rounded-lg bg-neutral-100 sm:w-40">
          {tour.photo ? (
            <img src={tour.photo.url} alt="" className="size-full object-cover" loading="lazy" />
          ) : (
            <ImageIcon size={28} className="text-neutral-400" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-base font-semibold text-neutral-900">
              <Link to={`/${orgId}/tours/${tour.id}`} className="hover:text-primary-700 hover:underline">
                {tour.name || t('list.untitled')}
              </Link>
            </h2>
            <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium ring-1', STATUS_TONE[tour.status])}>
              {t(`statuses.${tour.status}`)}
            </span>
            <span className="text-xs text-neutral-500">{t(`types.${tour.type}`)}</span>
          </div>
          <p className="text-sm text-neutral-600">
            {[money && t('list.from', { price: money }), length].filter(Boolean).join(' · ') || t('list.noPrice')}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm" aria-label={t('list.nextDates')}>
            <CalendarDays size={15} className="text-neutral-500" aria-hidden="true" />
            {tour.next_dates.length === 0 ? (
              <span className="text-neutral-500">{t('list.noDates')}</span>
            ) : (
              tour.next_dates.map((d) => (
                <span key={d.id} className="rounded-md bg-neutral-100 px-2 py-0.5 text-neutral-800">
                  {day.format(new Date(`${d.date_start}T00:00:00Z`))}
                  {' · '}
                  {t('list.seats', { free: d.number_of_free_seats, total: d.number_of_seats })}
                </span>
              ))
            )}
          </div>
          {tour.sites.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t('list.sites')}>
              {tour.sites.map((s) => (
                <li key={s.site_id} className="flex items-center gap-1.5 text-xs text-neutral-600">
                  {siteNames.get(s.site_id) ?? `#${s.site_id}`}
                  <SiteStatusBadge status={s.status} />
                </li>
              ))}
            </ul>
          )}
          {tour.alerts.length > 0 && (
            <ul className="flex flex-col gap-1">
              {tour.alerts.map((alert) => (
                <li key={alert} className="flex items-center gap-1.5 text-sm text-warning-800">
                  <AlertTriangle size={15} aria-hidden="true" className="shrink-0" />
                  {t(`alerts.${alert}`)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>
    </li>
  );
}

/** The way to the tour editor for a new tour. */
export function CreateTourLink({ orgId }: { orgId: number }) {
  const { t } = useTranslation('tours');
  return (
    <Link to={`/${orgId}/tours/create`} className={buttonClassName({ className: 'gap-1.5' })}>
      <Plus size={16} aria-hidden="true" />
      {t('list.create')}
    </Link>
  );
}

/** /{orgId}/tours: the organizer's tours, filtered by status, type and name. */
export function TourList({ orgId }: { orgId: number }) {
  const { t } = useTranslation('tours');
  const [status, setStatus] = useState<TourStatus | undefined>(undefined);
  const [type, setType] = useState<TourType | undefined>(undefined);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // a new search starts from its first page; the same one (the first run after mounting, a space
  // added) keeps the page the provider is on
  const searched = useRef('');
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const next = searchText.trim();
      if (next === searched.current) return;
      searched.current = next;
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);
  // another filter starts from its first page
  const byStatus = (value: TourStatus | undefined) => {
    setStatus(value);
    setPage(1);
  };
  const byType = (value: TourType | undefined) => {
    setType(value);
    setPage(1);
  };
  const filters: TourListFilters = { status, type, search: search || undefined, page };
  const filtered = Boolean(status || type || search);
  const tours = useTours(orgId, filters);
  const partners = usePartners(orgId);
  const siteNames = useMemo(
    () => new Map((partners.data?.connected_sites ?? []).map((s) => [s.site_id, s.name])),
    [partners.data],
  );
  const clear = () => {
    setStatus(undefined);
    setType(undefined);
    setSearchText('');
    searched.current = '';
    setSearch('');
    setPage(1);
  };

  if (tours.isPending) return <LoadingState />;
  if (tours.isError) return <QueryErrorState error={tours.error} onRetry={() => void tours.refetch()} />;
  const items = tours.data.items;

  if (items.length === 0 && !filtered)
    return (
      <Card>
        <EmptyState
          icon={<MapIcon size={28} strokeWidth={1.75} />}
          title={t('list.emptyTitle')}
          text={t('list.emptyText')}
          action={<CreateTourLink orgId={orgId} />}
        />
      </Card>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Segmented<TourStatus>
          label={t('list.statusFilter')}
          value={status}
          onChange={byStatus}
          options={[
            { value: undefined, text: t('list.all') },
            ...TOUR_STATUSES.map((s) => ({ value: s, text: t(`statuses.${s}`) })),
          ]}
        />
        <Segmented<TourType>
          label={t('list.typeFilter')}
          value={type}
          onChange={byType}
          options={[
            { value: undefined, text: t('list.allTypes') },
            { value: TOUR_TYPE.tour, text: t(`types.${TOUR_TYPE.tour}`) },
            { value: TOUR_TYPE.excursion, text: t(`types.${TOUR_TYPE.excursion}`) },
          ]}
        />
        <label className="relative ms-auto w-full sm:w-64">
          <span className="sr-only">{t('list.search')}</span>
          <Search
            size={16}
            className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-neutral-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={t('list.search')}
            className="ps-9"
          />
        </label>
      </div>
      <p className="text-sm text-neutral-500" aria-live="polite">
        {t('list.count', { count: tours.data.total })}
      </p>
      {items.length === 0 ? (
        <Card>
          <EmptyState
            title={t('list.noMatchTitle')}
            action={
              <Button variant="outline" onClick={clear}>
                {t('list.clear')}
              </Button>
            }
          />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('list.label')}>
          {items.map((tour) => (
            <TourCard key={tour.id} orgId={orgId} tour={tour} siteNames={siteNames} />
          ))}
        </ul>
      )}
      {tours.data.total > TOUR_LIST_PAGE_SIZE && (
        <Pagination
          page={page}
          onPageChange={setPage}
          total={tours.data.total}
          pageSize={TOUR_LIST_PAGE_SIZE}
          label={t('list.pages')}
        />
      )}
    </div>
  );
}
