import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/coming-soon';
import { CreateTourLink, TourList } from '../../features/tour/components/tour-list';

/** /{orgId}/tours: the active organizer's tours and excursions. */
export function ToursPage() {
  const { t } = useTranslation('tours');
  const orgId = Number(useParams().orgId);
  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={<CreateTourLink orgId={orgId} />} />
      <TourList orgId={orgId} />
    </>
  );
}
