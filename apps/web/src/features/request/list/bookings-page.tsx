import { Suspense, lazy, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@tourdesk/ui';
import { Plus } from 'lucide-react';
import { REQUEST_GROUPS, type RequestGroupKey } from '@tourdesk/contract/api/request-list-routes';
import { PageHeader } from '../../../components/coming-soon';
import { Segmented } from '../../../components/segmented';
import type { RequestKind } from './api/request-list-keys';
import { useRequestListLiveUpdates } from './api/request-list-live-updates';
import { RequestList, type RequestLinkFilter } from './components/request-list';
import { useCan } from '../../team';

// the dialog (its form kit and the phone metadata) loads on the first opening: the list, where a
// provider lands after signing in, downloads neither
const NewRequestModal = lazy(() =>
  import('./components/new-request-modal').then((m) => ({ default: m.NewRequestModal })),
);

const isGroupKey = (v: string | null): v is RequestGroupKey => REQUEST_GROUPS.some((g) => g.key === v);
const dayOf = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
/** What the link asks for, once: `?group=`, `?date_from=`, `?date_to=`. */
const LINK_PARAMS = ['group', 'date_from', 'date_to'] as const;
const linkFilterOf = (search: URLSearchParams): RequestLinkFilter | null => {
  if (!LINK_PARAMS.some((name) => search.has(name))) return null;
  const group = search.get('group');
  return {
    group: isGroupKey(group) ? group : null,
    date_from: dayOf(search.get('date_from')),
    date_to: dayOf(search.get('date_to')),
  };
};

/**
 * /{orgId}/bookings: the organizer's requests in tabs by group, filtered, a page of 20 at a time,
 * live; departures and individual tours each with their own saved filter (`?kind=individual`
 * keeps the choice in the address, `?page=` the page). `?group=new` and `?date_from=…&date_to=…`
 * (links from the dashboard) open that tab and those start dates.
 */
export function BookingsPage() {
  const { t } = useTranslation('bookings');
  const orgId = Number(useParams().orgId);
  // an accountant (and a guide) reads the requests; only who may change them sees "create" (issue 29)
  const canWrite = useCan('bookings.write', orgId);
  const [search, setSearch] = useSearchParams();
  const kind: RequestKind = search.get('kind') === 'individual' ? 1 : 0;
  const [fromLink] = useState(() => linkFilterOf(search));
  const [creating, setCreatingState] = useState(false);
  const [opened, setOpened] = useState(false);
  const setCreating = (open: boolean) => {
    if (open) setOpened(true);
    setCreatingState(open);
  };
  useRequestListLiveUpdates(orgId);

  // the filter of a link applies once; a reload then shows the saved filter
  useEffect(() => {
    if (!LINK_PARAMS.some((name) => search.has(name))) return;
    const next = new URLSearchParams(search);
    LINK_PARAMS.forEach((name) => next.delete(name));
    setSearch(next, { replace: true });
  }, [search, setSearch]);

  const setKind = (next: RequestKind | undefined) => {
    const params = new URLSearchParams(search);
    if (next === 1) params.set('kind', 'individual');
    else params.delete('kind');
    params.delete('page');
    setSearch(params);
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          canWrite && (
            <Button className="gap-1.5" onClick={() => setCreating(true)}>
              <Plus size={16} aria-hidden="true" />
              {t('list.create')}
            </Button>
          )
        }
      />
      <Segmented<RequestKind>
        label={t('list.kindLabel')}
        value={kind}
        onChange={setKind}
        options={[
          { value: 0, text: t('list.kinds.departures') },
          { value: 1, text: t('list.kinds.individual') },
        ]}
        className="mb-4"
      />
      <RequestList
        key={`${orgId}-${kind}`}
        orgId={orgId}
        kind={kind}
        fromLink={fromLink}
        onCreate={canWrite ? () => setCreating(true) : undefined}
      />
      {opened && (
        <Suspense fallback={null}>
          <NewRequestModal orgId={orgId} open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
    </>
  );
}
