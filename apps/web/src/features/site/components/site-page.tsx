import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@tourdesk/ui';
import { PageHeader } from '../../../components/coming-soon';
import { QueryErrorState } from '../../../components/query-error-state';
import { useAttachedSite } from '../api/site';
import { SiteCreate } from './site-create';
import { SiteEditor } from './site-editor';

/** /{orgId}/site: the organizer's site in the editor, or the way to make one. */
export function SitePage() {
  const { t } = useTranslation('site');
  const organizerId = Number(useParams().orgId);
  const site = useAttachedSite(organizerId);
  if (site.isPending) return <LoadingState />;
  if (site.isError) return <QueryErrorState error={site.error} onRetry={() => void site.refetch()} />;
  if (!site.data)
    return (
      <>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <SiteCreate organizerId={organizerId} />
      </>
    );
  return (
    <>
      <h1 id="page-title" className="sr-only">
        {t('title')}
      </h1>
      <SiteEditor organizerId={organizerId} site={site.data} />
    </>
  );
}
