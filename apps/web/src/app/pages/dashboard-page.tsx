import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState, toast } from '@tourdesk/ui';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { useOrganizerLiveUpdates } from './organizer-live-updates';
import { useDashboard } from '../../features/organizer/api/get-dashboard';
import { usePartners } from '../../features/organizer/api/get-partners';
import { useOrganizerList } from '../../features/organizer/api/get-organizer-list';
import { useSetPublishedOnSite } from '../../features/organizer/api/set-published-on-site';
import { DashboardView } from '../../features/organizer/components/dashboard-view';
import { NextDaysStrip } from '../../features/departure';
import { SignPartnershipModal } from '../../features/organizer/components/sign-partnership-modal';
import { PartnerSites } from '../../features/partner/components/partner-sites';
import { useApiErrorToast } from '../../lib/form-errors';

/** /{orgId}/dashboard */
export function DashboardPage() {
  const { t } = useTranslation('pages');
  const { t: to } = useTranslation('organizer');
  const toastApiError = useApiErrorToast();
  const orgId = Number(useParams().orgId);
  const dashboard = useDashboard(orgId);
  const partners = usePartners(orgId);
  const { data: organizers = [] } = useOrganizerList();
  const name = organizers.find((o) => o.id === orgId)?.name;
  const [signing, setSigning] = useState<number | null>(null);
  const publish = useSetPublishedOnSite();
  useOrganizerLiveUpdates(orgId);
  const site = partners.data?.available_for_connection.find((s) => s.id === signing) ?? null;

  return (
    <section aria-labelledby="page-title">
      <PageHeader title={t('dashboard.title')} subtitle={name} />
      <NextDaysStrip orgId={orgId} />
      {dashboard.isError && !dashboard.data ? (
        <QueryErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : !dashboard.data ? (
        <LoadingState />
      ) : (
        <DashboardView orgId={orgId} data={dashboard.data}>
          {partners.data && (
            <PartnerSites
              orgId={orgId}
              partners={partners.data}
              onConnect={setSigning}
              pendingSiteId={publish.isPending ? publish.variables.site_id : null}
              onTogglePublished={(siteId, published) =>
                publish.mutate(
                  { tour_organizer_id: orgId, site_id: siteId, is_published_on_site: published },
                  { onError: toastApiError },
                )
              }
            />
          )}
        </DashboardView>
      )}
      <SignPartnershipModal
        orgId={orgId}
        site={site}
        open={site !== null}
        onOpenChange={(open) => !open && setSigning(null)}
        onSigned={(connected) => toast.success(to('sign.signed', { site: connected.name }))}
      />
    </section>
  );
}
