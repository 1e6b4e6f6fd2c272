import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, LoadingState, Pagination, Tabs, toast } from '@tourdesk/ui';
import { Inbox, Plus, SearchX } from 'lucide-react';
import {
  REQUEST_GROUPS,
  REQUEST_LIST_PAGE_SIZE,
  type RequestGroupKey,
} from '@tourdesk/contract/api/request-list-routes';
import type { RequestSearchFilter } from '@tourdesk/contract/entities/request';
import type { BookingStatus } from '@tourdesk/contract/enum-values';
import { QueryErrorState } from '../../../../components/query-error-state';
import { apiErrorText } from '../../../../lib/form-errors';
import type { RequestKind, RequestListParams } from '../api/request-list-keys';
import { useRequestGroups, useRequestList, useSaveRequestFilter, useSavedRequestFilter } from '../api/request-list';
import { useRequestChanges, type RequestChange } from '../live-changes';
import { RequestFilters } from './request-filters';
import { RequestTable } from './request-table';

/**
 * What a link from elsewhere opens the list with (the dashboard's "new requests" is a tab, its
 * "departures in the next 7 days" a range of start dates); the other filters start cleared.
 */
export interface RequestLinkFilter {
  group: RequestGroupKey | null;
  date_from: string | null;
  date_to: string | null;
}

/** The list's page in the address (`?page=3`), so a reload or a shared link keeps it. */
const pageOf = (search: URLSearchParams) => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DELAY_MS = 300;

const groupOf = (id: number) => REQUEST_GROUPS.find((g) => g.id === id) ?? REQUEST_GROUPS[0]!;

/** The filter as saved: everything but the organizer and the kind, which the save adds. */
const savedBody = (f: RequestSearchFilter) => ({
  group_id: f.group_id,
  base_sale_status: f.base_sale_status,
  tour_ids: f.tour_ids,
  statuses: f.statuses,
  sources: f.sources,
  date_from: f.date_from,
  date_to: f.date_to,
  query: f.query,
});

const isFiltered = (f: RequestSearchFilter) =>
  Boolean(f.tour_ids.length || f.statuses.length || f.sources.length || f.date_from || f.date_to || f.query);

/** Says each live change once, politely, to screen readers: "New request #12", "Request #12: Prepayment made". */
function LiveAnnouncer({ changes }: { changes: readonly RequestChange[] }) {
  const { t } = useTranslation('bookings');
  const last = changes.reduce<RequestChange | null>((a, c) => (!a || c.seq > a.seq ? c : a), null);
  const text = !last
    ? ''
    : last.kind === 'new'
      ? t('list.announce.new', { id: last.requestId })
      : last.kind === 'status' && last.status !== undefined
        ? t('list.announce.status', { id: last.requestId, status: t(`statuses.${last.status}`) })
        : t('list.announce.tourists', { id: last.requestId });
  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="live-announcer">
      {text}
    </div>
  );
}

function RequestListView({
  orgId,
  kind,
  initial,
  fromLink,
  onCreate,
}: {
  orgId: number;
  kind: RequestKind;
  initial: RequestSearchFilter;
  fromLink: RequestLinkFilter | null;
  /** none: the member's role makes no requests (issue 29) */
  onCreate?: () => void;
}) {
  const { t } = useTranslation('bookings');
  // a link (the dashboard's figures) opens its tab and dates, the other filters cleared
  const [filter, setFilter] = useState<RequestSearchFilter>(() =>
    fromLink
      ? {
          ...initial,
          group_id: REQUEST_GROUPS.find((g) => g.key === fromLink.group)?.id ?? initial.group_id,
          tour_ids: [],
          statuses: [],
          sources: [],
          date_from: fromLink.date_from,
          date_to: fromLink.date_to,
          query: '',
        }
      : initial,
  );
  const [searchText, setSearchText] = useState(filter.query);
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const setPage = useCallback(
    (next: number, replace = false) => {
      if (next === pageOf(search)) return;
      const params = new URLSearchParams(search);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      setSearch(params, { replace });
    },
    [search, setSearch],
  );
  const save = useSaveRequestFilter(orgId, kind);
  const groups = useRequestGroups(orgId, kind);
  const changes = useRequestChanges(orgId);
  const changed = useMemo(() => new Map(changes.map((c) => [c.requestId, c])), [changes]);

  const update = (patch: Partial<RequestSearchFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1, true);
  };

  // the filter is saved as it changes (the search once typing pauses), per user, organizer and kind
  const savedKey = JSON.stringify(savedBody(filter));
  const lastSaved = useRef(fromLink ? '' : JSON.stringify(savedBody(initial)));
  const { mutate: saveFilter } = save;
  useEffect(() => {
    if (savedKey === lastSaved.current) return;
    lastSaved.current = savedKey;
    saveFilter(JSON.parse(savedKey) as ReturnType<typeof savedBody>, {
      onError: (error) => toast.error(`${apiErrorText(error, t)} ${t('list.saveFailed')}`),
    });
  }, [savedKey, saveFilter, t]);

  useEffect(() => {
    const text = searchText.trim();
    if (text === filter.query) return undefined;
    const timer = window.setTimeout(() => {
      setFilter((f) => ({ ...f, query: text }));
      setPage(1, true);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, filter.query, setPage]);

  const group = groupOf(filter.group_id);
  const params: RequestListParams = {
    kind,
    groupId: group.id,
    page,
    baseSaleStatus: filter.base_sale_status,
    filters: {
      tour_ids: filter.tour_ids,
      statuses: filter.statuses,
      sources: filter.sources,
      date_from: filter.date_from,
      date_to: filter.date_to,
      query: filter.query,
    },
  };
  const list = useRequestList(orgId, params);
  // a page emptied under the reader (requests canceled or moved elsewhere live): back to the last one
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / REQUEST_LIST_PAGE_SIZE)) : 1;
  const pastTheEnd = Boolean(list.data && !list.isPlaceholderData && list.data.items.length === 0 && page > lastPage);
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, true);
  });
  const filtered = isFiltered(filter);
  const clear = () => {
    setSearchText('');
    update({ tour_ids: [], statuses: [], sources: [], date_from: null, date_to: null, query: '' });
  };
  const selectGroup = (value: string) => {
    const next = groupOf(Number(value));
    // the status filter chooses among the tab's statuses
    update({ group_id: next.id, statuses: filter.statuses.filter((s) => next.statuses.includes(s)) });
  };

  const countText = (count: number, exact: boolean) => (exact ? String(count) : t('groups.countMore', { count }));
  const tabItems = REQUEST_GROUPS.map((g) => {
    const counted = groups.data?.items.find((x) => x.id === g.id);
    return {
      value: String(g.id),
      label: (
        <span className="inline-flex items-center gap-1.5">
          {t(`groups.${g.key}`)}
          {counted && ' '}
          {counted && (
            <span className="rounded-full bg-neutral-100 px-1.5 text-xs font-medium text-neutral-600 tabular-nums">
              {countText(counted.count, counted.count_exact)}
            </span>
          )}
        </span>
      ),
      content: null,
    };
  });

  const body = (() => {
    if (list.isPending) return <LoadingState />;
    if (list.isError) return <QueryErrorState error={list.error} onRetry={() => void list.refetch()} />;
    const { items, total, total_exact: exact } = list.data;
    if (items.length === 0) {
      if (filtered)
        return (
          <Card>
            <EmptyState
              icon={<SearchX size={28} strokeWidth={1.75} />}
              title={t('list.noMatchTitle')}
              text={t('list.noMatchText')}
              action={
                <Button variant="outline" onClick={clear}>
                  {t('list.clear')}
                </Button>
              }
            />
          </Card>
        );
      const none = group.key === 'all';
      return (
        <Card>
          <EmptyState
            icon={<Inbox size={28} strokeWidth={1.75} />}
            title={
              none ? (kind === 1 ? t('list.emptyIndividualTitle') : t('list.emptyTitle')) : t('list.emptyGroupTitle')
            }
            text={none ? t('list.emptyText') : undefined}
            action={
              none && onCreate ? (
                <Button className="gap-1.5" onClick={onCreate}>
                  <Plus size={16} aria-hidden="true" />
                  {t('list.create')}
                </Button>
              ) : undefined
            }
          />
        </Card>
      );
    }
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-neutral-500" aria-live="polite">
          {exact ? t('list.count', { count: total }) : t('list.countMore', { count: total })}
        </p>
        <RequestTable
          orgId={orgId}
          items={items}
          changes={changed}
          readAt={list.dataUpdatedAt}
          busy={list.isPlaceholderData}
        />
        {total > REQUEST_LIST_PAGE_SIZE && (
          <Pagination
            page={page}
            onPageChange={(p) => {
              setPage(p);
              window.scrollTo({ top: 0 });
            }}
            total={total}
            pageSize={REQUEST_LIST_PAGE_SIZE}
            label={t('list.pages')}
          />
        )}
      </div>
    );
  })();

  return (
    <div className="flex flex-col gap-4">
      <Tabs
        label={t('list.groupsLabel')}
        items={tabItems.map((item) =>
          item.value === String(group.id)
            ? {
                ...item,
                content: (
                  <div className="flex flex-col gap-4">
                    <RequestFilters
                      orgId={orgId}
                      kind={kind}
                      filter={filter}
                      onChange={update}
                      searchText={searchText}
                      onSearchText={setSearchText}
                      statuses={group.statuses as readonly BookingStatus[]}
                    />
                    {filtered && (
                      <div className="-mt-1 flex justify-end">
                        <Button variant="ghost" size="sm" onClick={clear}>
                          {t('list.clear')}
                        </Button>
                      </div>
                    )}
                    {body}
                  </div>
                ),
              }
            : item,
        )}
        value={String(group.id)}
        onValueChange={selectGroup}
      />
      <LiveAnnouncer changes={changes} />
    </div>
  );
}

/** The list of one kind (departures or individual tours), from the caller's saved filter. */
export function RequestList({
  orgId,
  kind,
  fromLink,
  onCreate,
}: {
  orgId: number;
  kind: RequestKind;
  fromLink: RequestLinkFilter | null;
  /** none: the member's role makes no requests (issue 29) */
  onCreate?: () => void;
}) {
  const saved = useSavedRequestFilter(orgId, kind);
  if (saved.isPending) return <LoadingState />;
  if (saved.isError) return <QueryErrorState error={saved.error} onRetry={() => void saved.refetch()} />;
  return <RequestListView orgId={orgId} kind={kind} initial={saved.data} fromLink={fromLink} onCreate={onCreate} />;
}
