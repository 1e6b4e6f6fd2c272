import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@tourdesk/ui';
import { ArrowLeft, UserRoundX } from 'lucide-react';
import { QueryErrorState } from '../../components/query-error-state';
import { PageHeader } from '../../components/coming-soon';
import { useAgent } from '../../features/partner/api/get-agent';
import { AgentSettingsForm } from '../../features/partner/components/agent-settings-form';

/** /{orgId}/agent/{agentId}: agent settings. */
export function AgentPage() {
  const { t } = useTranslation('pages');
  const { t: to } = useTranslation('organizer');
  const params = useParams();
  const orgId = Number(params.orgId);
  const agent = useAgent(orgId, Number(params.agentId));
  return (
    <section aria-labelledby="page-title">
      <Link
        to={`/${orgId}/dashboard`}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-neutral-600 hover:text-neutral-900"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {to('partners.back')}
      </Link>
      <PageHeader
        title={agent.data ? agent.data.name : t('agent.title')}
        subtitle={agent.data ? t('agent.title') : undefined}
      />
      {agent.data ? (
        <AgentSettingsForm orgId={orgId} agent={agent.data} />
      ) : agent.isError ? (
        // an unknown agent, or one of another provider's sites, is simply not there
        <QueryErrorState
          error={agent.error}
          onRetry={() => void agent.refetch()}
          notFound={to('agent.notFound')}
          icon={<UserRoundX size={28} aria-hidden="true" />}
        />
      ) : (
        <LoadingState />
      )}
    </section>
  );
}
