import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@tourdesk/ui';
import { useOrganizerList } from '../api/get-organizer-list';
import { usePartners } from '../api/get-partners';
import { useSetPublishedOnSite } from '../api/set-published-on-site';
import { SignPartnershipModal } from './sign-partnership-modal';
import { startupPartnerSite } from './sign-partnership-rules';
import { useApiErrorToast } from '../../../lib/form-errors';

/** The organizer id of a path like /org/12/bookings, if any. */
const orgIdOfPath = (pathname: string): number | null => {
  const match = /^(?:\/org)?\/(\d+)(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
};

export interface SignPartnershipStartupProps {
  /** the site the partner marketplace asked for (see partner-site-request.ts) */
  requestedSiteId: number;
  /** the start-up coordinator's turn for this modal (after the phone and e-mail modals) */
  enabled: boolean;
  /** called once: the modal was closed, done, or not needed */
  onDone: () => void;
}

/** SPEC §4 start-up persistent sign-partnership modal. */
export function SignPartnershipStartup({ requestedSiteId, enabled, onDone }: SignPartnershipStartupProps) {
  const { t } = useTranslation('organizer');
  const toastApiError = useApiErrorToast();
  const location = useLocation();
  const organizers = useOrganizerList();
  const fromPath = orgIdOfPath(location.pathname);
  const activeOrganizerId = organizers.data
    ? (organizers.data.find((o) => o.id === fromPath)?.id ?? organizers.data[0]?.id ?? null)
    : null;
  const partners = usePartners(activeOrganizerId ?? 0, { enabled: enabled && activeOrganizerId !== null });
  const [finished, setFinished] = useState(false);
  const reported = useRef(false);
  const publish = useSetPublishedOnSite();

  const decision = useMemo(() => {
    if (!enabled) return 'pending' as const;
    if ((organizers.data && activeOrganizerId === null) || partners.isError || organizers.isError) return null;
    if (!partners.data) return 'pending' as const;
    return startupPartnerSite({
      requestedSiteId,
      pathname: location.pathname,
      activeOrganizerId,
      partners: partners.data,
    });
  }, [
    enabled,
    requestedSiteId,
    organizers.data,
    organizers.isError,
    activeOrganizerId,
    partners.data,
    partners.isError,
    location.pathname,
  ]);

  const report = useCallback(() => {
    if (reported.current) return;
    reported.current = true;
    onDone();
  }, [onDone]);
  const finish = () => {
    setFinished(true);
    report();
  };

  // nothing to offer: hand the turn to the next start-up modal at once
  useEffect(() => {
    if (decision === null) report();
  }, [decision, report]);

  if (finished || !enabled || decision === 'pending' || decision === null || activeOrganizerId === null) return null;

  if (decision.kind === 'sign') {
    return (
      <SignPartnershipModal
        persistent
        orgId={activeOrganizerId}
        site={decision.site}
        open
        onOpenChange={(next) => !next && finish()}
        onSigned={(site) => toast.success(t('sign.signed', { site: site.name }))}
      />
    );
  }
  const site = decision.site;
  return (
    <Modal
      open
      onOpenChange={(next) => !next && finish()}
      persistent
      width="dialog"
      title={t('publishPrompt.title', { site: site.name })}
      description={t('publishPrompt.text', { site: site.name })}
      footer={
        <>
          <Button variant="ghost" onClick={finish}>
            {t('sign.later')}
          </Button>
          <Button
            loading={publish.isPending}
            onClick={() =>
              publish.mutate(
                { tour_organizer_id: activeOrganizerId, site_id: site.site_id, is_published_on_site: true },
                { onSuccess: () => finish(), onError: toastApiError },
              )
            }
          >
            {t('publishPrompt.publish')}
          </Button>
        </>
      }
    />
  );
}
