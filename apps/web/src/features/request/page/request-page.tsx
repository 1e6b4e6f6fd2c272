import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@tourdesk/ui';
import { ArrowLeft } from 'lucide-react';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { QueryErrorState } from '../../../components/query-error-state';
import { useRequest } from './api/request';
import { useRequestLiveUpdates } from './api/request-live-updates';
import { RequestHeader } from './components/request-header';
import { TripCard } from './components/trip-card';
import { PriceCard } from './components/price-card';
import { BookingChangesCard } from './components/booking-changes-card';
import { CustomerCard } from './components/customer-card';
import { TravellerLinksCard } from './components/traveller-links-card';
import { TouristsCard } from './components/tourists-card';
import { InvoicesCard } from './components/invoices-card';
import { DocumentsCard } from './components/documents-card';
import { MeetDataCard } from './components/meet-data-card';
import { HistoryCard } from './components/history-card';
import { TravellerMessagesCard } from './components/traveller-messages-card';

function RequestView({ orgId, request }: { orgId: number; request: BookingRequest }) {
  return (
    <>
      <RequestHeader request={request} />
      {/* on a phone one column in reading order: the trip and its price first, then the people and money */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6 max-lg:contents">
          <div className="order-1 min-w-0">
            <TripCard orgId={orgId} request={request} />
          </div>
          <div className="order-3 min-w-0">
            <TouristsCard request={request} />
          </div>
          <div className="order-4 min-w-0">
            <InvoicesCard request={request} />
          </div>
          <div className="order-9 min-w-0">
            <TravellerMessagesCard request={request} />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-6 max-lg:contents">
          <div className="order-2 min-w-0">
            <PriceCard request={request} />
          </div>
          <div className="order-5 min-w-0 empty:hidden">
            <BookingChangesCard request={request} />
          </div>
          <div className="order-5 min-w-0">
            <HistoryCard request={request} />
          </div>
          <div className="order-6 min-w-0">
            <CustomerCard request={request} />
          </div>
          <div className="order-6 min-w-0">
            <TravellerLinksCard request={request} />
          </div>
          <div className="order-7 min-w-0">
            <DocumentsCard orgId={orgId} request={request} />
          </div>
          <div className="order-8 min-w-0">
            <MeetDataCard orgId={orgId} request={request} />
          </div>
        </div>
      </div>
    </>
  );
}

/** /{orgId}/bookings/{id}: one request, what it costs and who travels, and everything done with it. */
export function RequestPage() {
  const { t } = useTranslation('bookings');
  const params = useParams();
  const orgId = Number(params.orgId);
  const requestId = Number(params.id);
  const request = useRequest(requestId);
  useRequestLiveUpdates(orgId, requestId);
  return (
    <>
      <Link
        to={`/${orgId}/bookings`}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-neutral-600 hover:text-neutral-900"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('request.back')}
      </Link>
      {request.isPending ? (
        <LoadingState />
      ) : request.isError ? (
        <QueryErrorState
          error={request.error}
          onRetry={() => void request.refetch()}
          notFound={t('request.notFound')}
        />
      ) : request.data.tour_organizer_id !== orgId ? (
        // a request of another organizer of this user: its own organizer's address
        <Navigate to={`/${request.data.tour_organizer_id}/bookings/${requestId}`} replace />
      ) : (
        <RequestView orgId={orgId} request={request.data} />
      )}
    </>
  );
}
