import { NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, EmptyState, cn } from '@tourdesk/ui';
import { Settings } from 'lucide-react';
import { PageHeader } from '../../components/coming-soon';
import { SETTINGS_TABS, type SettingsTab } from '../route-table';

/** /{orgId}/settings[/{tab}]: the tabs live in the URL; their forms come with the organizer issue. */
export function SettingsPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { orgId, tab } = useParams();
  const active: SettingsTab = (tab as SettingsTab | undefined) ?? 'main';
  return (
    <section aria-labelledby="page-title">
      <PageHeader title={t('settings.title')} />
      <nav aria-label={t('settings.tabs.label')} className="mb-5 flex gap-1 overflow-x-auto border-b border-neutral-200">
        {SETTINGS_TABS.map((value) => (
          <NavLink
            key={value}
            to={`/${orgId}/settings/${value}`}
            aria-current={value === active ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
              value === active ? 'border-primary-600 text-primary-700' : 'border-transparent text-neutral-500 hover:border-neutral-300 hover:text-neutral-800',
            )}
          >
            {t(`settings.tabs.${value}`)}
          </NavLink>
        ))}
      </nav>
      <Card className="py-8">
        <EmptyState
          icon={
            <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-50 text-primary-600 ring-1 ring-primary-100">
              <Settings size={28} strokeWidth={1.75} />
            </span>
          }
          title={
            <span className="flex flex-col items-center gap-2">
              <span className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-primary-700 uppercase ring-1 ring-primary-100">{tc('coming.badge')}</span>
              <span>{t(`settings.tabs.${active}`)}</span>
            </span>
          }
          text={
            <>
              <span className="block">{t('settings.text')}</span>
              <span className="mt-1 block text-neutral-500">{tc('coming.text')}</span>
            </>
          }
        />
      </Card>
    </section>
  );
}
