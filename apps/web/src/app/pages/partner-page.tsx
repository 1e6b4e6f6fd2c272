import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Card, EmptyState, LoadingState, Switch, toast } from '@tourdesk/ui';
import { ArrowLeft, CalendarCheck2, ExternalLink, Globe, UserRound } from 'lucide-react';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { usePartners } from '../../features/organizer/api/get-partners';
import { useSetPublishedOnSite } from '../../features/organizer/api/set-published-on-site';
import { SignPartnershipModal } from '../../features/organizer/components/sign-partnership-modal';
import { SiteStatusBadge } from '../../features/partner/components/partner-sites';
import { useOrganizerLiveUpdates } from './organizer-live-updates';
import { useApiErrorToast } from '../../lib/form-errors';

/** /{orgId}/partner/{siteId}: one partner site — connected (status, publishing, agents) or available (sign). */
export function PartnerPage() {
  const { t, i18n } = useTranslation('organizer');
  const toastApiError = useApiErrorToast();
  const params = useParams();
  const orgId = Number(params.orgId);
  const siteId = Number(params.siteId);
  const partners = usePartners(orgId);
  const publish = useSetPublishedOnSite();
  const [signing, setSigning] = useState(false);
  useOrganizerLiveUpdates(orgId);

  const connected = partners.data?.connected_sites.find((s) => s.site_id === siteId);
  const available = partners.data?.available_for_connection.find((s) => s.id === siteId);
  const agents = partners.data?.agents.filter((a) => a.site_id === siteId) ?? [];
  const name = connected?.name ?? available?.name ?? '';

  const back = (
    <Link
      to={`/${orgId}/dashboard`}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-neutral-600 hover:text-neutral-900"
    >
      <ArrowLeft size={16} aria-hidden="true" />
      {t('partners.back')}
    </Link>
  );

  if (partners.isPending) return <LoadingState />;
  if (partners.isError)
    return (
      <section aria-labelledby="page-title">
        {back}
        <PageHeader title={t('partners.siteTitle')} />
        <QueryErrorState
          error={partners.error}
          onRetry={() => void partners.refetch()}
          notFound={t('partners.notFound')}
          icon={<Globe size={28} aria-hidden="true" />}
        />
      </section>
    );
  if (!connected && !available) {
    return (
      <section aria-labelledby="page-title">
        {back}
        <PageHeader title={t('partners.siteTitle')} />
        <Card className="py-8">
          <EmptyState icon={<Globe size={28} aria-hidden="true" />} title={t('partners.notFound')} />
        </Card>
      </section>
    );
  }

  return (
    <section aria-labelledby="page-title">
      {back}
      <PageHeader
        title={name}
        subtitle={connected?.domain ?? available?.domain}
        actions={connected ? <SiteStatusBadge status={connected.status} /> : undefined}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="flex flex-col gap-4 p-5 lg:col-span-2">
          <div className="flex items-center gap-3">
            <Avatar name={name} src={(connected?.logo ?? available?.logo) || undefined} size={44} />
            <a
              href={`https://${connected?.domain ?? available?.domain ?? ''}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
            >
              {connected?.domain ?? available?.domain}
              <ExternalLink size={14} aria-hidden="true" />
            </a>
          </div>
          {connected ? (
            <>
              <p className="flex items-center gap-2 text-sm text-neutral-700">
                <CalendarCheck2 size={16} className="text-neutral-400" aria-hidden="true" />
                {t('partners.signedAt', {
                  date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                    new Date(connected.signed_at),
                  ),
                })}
              </p>
              <div className="rounded-xl border border-neutral-200 p-4">
                <Switch
                  checked={connected.is_published_on_site}
                  disabled={publish.isPending}
                  onCheckedChange={(v) =>
                    publish.mutate(
                      { tour_organizer_id: orgId, site_id: siteId, is_published_on_site: v },
                      { onError: toastApiError },
                    )
                  }
                  label={t('partners.publishOn', { site: name })}
                />
                <p className="mt-2 text-sm text-neutral-600">
                  {connected.is_published_on_site ? t('partners.publishedText') : t('partners.unpublishedText')}
                </p>
              </div>
              {connected.organizer_agreement_url && (
                <a
                  href={connected.organizer_agreement_url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary-700 hover:underline"
                >
                  {t('sign.organizerAgreement', { site: name })}
                  <ExternalLink size={14} aria-hidden="true" />
                </a>
              )}
            </>
          ) : (
            <>
              <p className="text-sm text-neutral-700">{t('partners.availableText', { site: name })}</p>
              {available?.is_tour_author_required && (
                <p className="rounded-lg bg-warning-50 px-3 py-2 text-sm text-warning-900 ring-1 ring-warning-200">
                  {t('partners.tourAuthorRequired')}
                </p>
              )}
              <Button className="self-start" onClick={() => setSigning(true)}>
                {t('partners.signWith', { site: name })}
              </Button>
            </>
          )}
        </Card>
        <Card className="flex flex-col gap-3 p-5">
          <h2 className="text-base font-semibold text-neutral-900">{t('partners.agents')}</h2>
          {agents.length === 0 ? (
            <p className="text-sm text-neutral-500">{t('partners.noAgents')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-neutral-100">
              {agents.map((a) => (
                <li key={a.id}>
                  <Link to={`/${orgId}/agent/${a.id}`} className="flex items-center gap-2 py-2 text-sm hover:underline">
                    <UserRound size={16} className="text-neutral-400" aria-hidden="true" />
                    <span className="flex-1">{a.name}</span>
                    <span className="text-neutral-600 tabular-nums">
                      {t('partners.commission', { value: a.commission_percent })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <SignPartnershipModal
        orgId={orgId}
        site={available ?? null}
        open={signing && Boolean(available)}
        onOpenChange={setSigning}
        onSigned={(c) => toast.success(t('sign.signed', { site: c.name }))}
      />
    </section>
  );
}
