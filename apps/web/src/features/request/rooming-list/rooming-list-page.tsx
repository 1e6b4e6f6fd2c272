import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@tourdesk/ui';
import { ArrowLeft } from 'lucide-react';
import type { RoomingList } from '@tourdesk/contract/api/request-docs';
import { PageHeader } from '../../../components/coming-soon';
import { QueryErrorState } from '../../../components/query-error-state';
import { useRoomingList } from './rooming-list-api';
import { RoomingListActions, RoomingListView, useDepartureLine } from './rooming-list';

function Loaded({ list, orgId }: { list: RoomingList; orgId: number }) {
  const { t } = useTranslation('rooming');
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={useDepartureLine(list)}
        actions={<RoomingListActions tourDateId={list.departure.id} />}
      />
      <RoomingListView list={list} orgId={orgId} />
    </>
  );
}

/** /{orgId}/tours/{tourId}/departures/{dateId}/rooming-list: a departure's manifest. */
export function RoomingListPage() {
  const { t } = useTranslation('rooming');
  const params = useParams();
  const orgId = Number(params.orgId);
  const list = useRoomingList(Number(params.dateId));
  return (
    <>
      <Link
        to={`/${orgId}/tours/${params.tourId ?? ''}`}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-neutral-600 hover:text-neutral-900"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('back')}
      </Link>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <QueryErrorState error={list.error} onRetry={() => void list.refetch()} notFound={t('notFound')} />
      ) : (
        <Loaded list={list.data} orgId={orgId} />
      )}
    </>
  );
}
