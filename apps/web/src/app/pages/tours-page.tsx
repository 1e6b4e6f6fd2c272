import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/coming-soon';
import { CreateTourLink, TourList } from '../../features/tour/components/tour-list';
import { useOrganizerLiveUpdates } from './organizer-live-updates';

/** /{orgId}/tours: the active organizer's tours and excursions. */
export function ToursPage() {
  const { t } = useTranslation('tours');
  const orgId = Number(useParams().orgId);
  // the operator's moderation of a tour on a site shows at once (site_status_changed)
  useOrganizerLiveUpdates(orgId);
  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={<CreateTourLink orgId={orgId} />} />
      <TourList orgId={orgId} />
    </>
  );
}
