import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@tourdesk/ui';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { useTour } from '../../features/tour/api/tour';
import { TourCreateForm } from '../../features/tour/components/tour-create-form';
import { TourEditor } from '../../features/tour/components/tour-editor';
import { useOrganizerLiveUpdates } from './organizer-live-updates';

function BackToTours({ orgId }: { orgId: number }) {
  const { t } = useTranslation('tours');
  return (
    <Link
      to={`/${orgId}/tours`}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-neutral-600 hover:text-neutral-900"
    >
      <ArrowLeft size={16} aria-hidden="true" />
      {t('editor.back')}
    </Link>
  );
}

/** /{orgId}/tours/create */
export function TourCreatePage() {
  const { t } = useTranslation('tours');
  const orgId = Number(useParams().orgId);
  return (
    <>
      <BackToTours orgId={orgId} />
      <PageHeader title={t('create.title')} />
      <TourCreateForm orgId={orgId} />
    </>
  );
}

/** /{orgId}/tours/{id}: the tour editor. */
export function TourPage() {
  const { t } = useTranslation('tours');
  const params = useParams();
  const orgId = Number(params.orgId);
  const tour = useTour(orgId, Number(params.id));
  // the operator's moderation of this tour on a site reaches the open editor (site_status_changed)
  useOrganizerLiveUpdates(orgId);
  return (
    <>
      <BackToTours orgId={orgId} />
      {tour.isPending ? (
        <LoadingState />
      ) : tour.isError ? (
        <QueryErrorState error={tour.error} onRetry={() => void tour.refetch()} notFound={t('editor.notFound')} />
      ) : (
        <>
          <PageHeader title={tour.data.name || t('list.untitled')} />
          {/* a new tour (another id) starts its sections afresh */}
          <TourEditor key={tour.data.id} tour={tour.data} />
        </>
      )}
    </>
  );
}
