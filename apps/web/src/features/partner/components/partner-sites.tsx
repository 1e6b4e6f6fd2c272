import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Card, Switch, cn } from '@tourdesk/ui';
import { ChevronRight, Globe, Handshake, UserRound } from 'lucide-react';
import type { PartnersResponse } from '@tourdesk/contract/api/organizer';
import type { SiteStatus } from '@tourdesk/contract/enums';

const STATUS_TONE: Record<SiteStatus, string> = {
  published: 'bg-success-50 text-success-700 ring-success-200',
  moderation: 'bg-warning-50 text-warning-800 ring-warning-200',
  waiting: 'bg-primary-50 text-primary-700 ring-primary-200',
  unpublished: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
};

export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  const { t } = useTranslation('organizer');
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium ring-1', STATUS_TONE[status])}>
      {t(`siteStatuses.${status}`)}
    </span>
  );
}

export interface PartnerSitesProps {
  orgId: number;
  partners: PartnersResponse;
  onConnect: (siteId: number) => void;
  onTogglePublished: (siteId: number, published: boolean) => void;
  pendingSiteId?: number | null;
}

/** Connected sites (publish switch), sites available for connection, and agents. */
export function PartnerSites({ orgId, partners, onConnect, onTogglePublished, pendingSiteId }: PartnerSitesProps) {
  const { t } = useTranslation('organizer');
  return (
    <Card className="flex flex-col gap-5 p-5" aria-labelledby="partners-title">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary-50 text-primary-600 ring-1 ring-primary-100">
          <Handshake size={20} aria-hidden="true" />
        </span>
        <div>
          <h2 id="partners-title" className="text-base font-semibold text-neutral-900">
            {t('partners.title')}
          </h2>
          <p className="text-sm text-neutral-600">{t('partners.text')}</p>
        </div>
      </div>

      <section aria-labelledby="connected-title">
        <h3 id="connected-title" className="mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
          {t('partners.connected')}
        </h3>
        {partners.connected_sites.length === 0 ? (
          <p className="text-sm text-neutral-500">{t('partners.noneConnected')}</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-neutral-100 rounded-xl border border-neutral-200"
            aria-label={t('partners.connected')}
          >
            {partners.connected_sites.map((site) => (
              <li key={site.site_id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
                <Avatar name={site.name} src={site.logo ?? undefined} size={32} />
                {/* the name keeps at least 9rem: on a phone the status and the switch go to a line of their own */}
                <Link to={`/${orgId}/partner/${site.site_id}`} className="min-w-36 flex-1 hover:underline">
                  <span className="block truncate text-sm font-medium text-neutral-900">{site.name}</span>
                  <span className="block truncate text-xs text-neutral-500">{site.domain}</span>
                </Link>
                <div className="ms-auto flex items-center gap-3">
                  <SiteStatusBadge status={site.status} />
                  <Switch
                    checked={site.is_published_on_site}
                    disabled={pendingSiteId === site.site_id}
                    onCheckedChange={(v) => onTogglePublished(site.site_id, v)}
                    aria-label={t('partners.publishOn', { site: site.name })}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {partners.available_for_connection.length > 0 && (
        <section aria-labelledby="available-title">
          <h3 id="available-title" className="mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
            {t('partners.available')}
          </h3>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t('partners.available')}>
            {partners.available_for_connection.map((site) => (
              <li
                key={site.id}
                className="flex items-center gap-3 rounded-xl border border-dashed border-neutral-300 px-3 py-2.5"
              >
                <Globe size={18} className="shrink-0 text-neutral-400" aria-hidden="true" />
                <Link to={`/${orgId}/partner/${site.id}`} className="min-w-0 flex-1 hover:underline">
                  <span className="block truncate text-sm font-medium text-neutral-900">{site.name}</span>
                  <span className="block truncate text-xs text-neutral-500">{site.domain}</span>
                </Link>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onConnect(site.id)}
                  aria-label={t('partners.connectTo', { site: site.name })}
                >
                  {t('partners.connect')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {partners.agents.length > 0 && (
        <section aria-labelledby="agents-title">
          <h3 id="agents-title" className="mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
            {t('partners.agents')}
          </h3>
          <ul
            className="flex flex-col divide-y divide-neutral-100 rounded-xl border border-neutral-200"
            aria-label={t('partners.agents')}
          >
            {partners.agents.map((agent) => (
              <li key={agent.id}>
                <Link
                  to={`/${orgId}/agent/${agent.id}`}
                  className="flex items-center gap-3 px-3 py-2.5 hover:bg-neutral-50"
                >
                  <UserRound size={18} className="text-neutral-400" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-900">{agent.name}</span>
                  <span className="text-sm text-neutral-600 tabular-nums">
                    {t('partners.commission', { value: agent.commission_percent })}
                  </span>
                  <ChevronRight size={16} className="text-neutral-400" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
