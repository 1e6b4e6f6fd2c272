import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/coming-soon';
import { CreateTourLink, TourList } from '../../features/tour/components/tour-list';
import { useOrganizerLiveUpdates } from './organizer-live-updates';
import { useCan } from '../../features/team';

/** /{orgId}/tours: the active organizer's tours and excursions. */
export function ToursPage() {
  const { t } = useTranslation('tours');
  const orgId = Number(useParams().orgId);
  // the operator's moderation of a tour on a site shows at once (site_status_changed)
  useOrganizerLiveUpdates(orgId);
  // an accountant reads the tours; only who may change them sees "create" (issue 29)
  const canWrite = useCan('tours.write', orgId);
  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={canWrite && <CreateTourLink orgId={orgId} />}
      />
      <TourList orgId={orgId} />
    </>
  );
}
