import { Suspense, lazy } from 'react';
import { NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState, ScrollStrip, cn, toast } from '@tourdesk/ui';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { SETTINGS_TAB_CAPABILITY, SETTINGS_TABS, type SettingsTab } from '../route-table';
import { useOrganizerInfo } from '../../features/organizer/api/get-organizer-info';
import { useUpdateOrganizer } from '../../features/organizer/api/update-organizer';
import { SettingsMainForm } from '../../features/organizer/components/settings-main-form';
import { SettingsCancellationForm } from '../../features/organizer/components/settings-cancellation-form';
import { SettingsDocsForm } from '../../features/organizer/components/settings-docs-form';
import { BankAccountList } from '../../features/bank-account/components/bank-account-list';
import { TravellerMessageSettingsTab } from '../../features/traveller-message/components/traveller-message-settings';
import { PromoCodeList } from '../../features/organizer/components/promo-code-list';
import { SettingsPaymentAccount } from '../../features/organizer/components/settings-payment-account';
import { useTours } from '../../features/tour/api/list-tours';
import { useImageUpload } from '../../lib/upload/use-upload';
import { useApiErrorToast } from '../../lib/form-errors';
import { TeamTab } from '../../features/team/team-tab';
import { useRole } from '../../features/team/use-can';
import { roleCan } from '@tourdesk/contract/team-values';

// the contacts tab has phone fields, and the phone metadata comes with it, not with every tab
const SettingsContactsForm = lazy(() =>
  import('../../features/organizer/components/settings-contacts-form').then((m) => ({
    default: m.SettingsContactsForm,
  })),
);

/** Settings → Promo codes: the codes, with the organizer's tours to limit one to. */
function PromoCodesTab({ organizerId }: { organizerId: number }) {
  const tours = useTours(organizerId, {});
  const items = (tours.data?.items ?? []).map((tour) => ({ id: tour.id, name: tour.name }));
  return <PromoCodeList organizerId={organizerId} tours={items} />;
}

/** /{orgId}/settings[/{tab}]: the organizer profile, one form per tab (the tab lives in the URL). */
export function SettingsPage() {
  const { t } = useTranslation('pages');
  const { t: to } = useTranslation('organizer');
  const toastApiError = useApiErrorToast();
  const { orgId, tab } = useParams();
  const organizerId = Number(orgId);
  // the tabs the member's role may use (issue 29): the others are not shown (the server refuses them anyway)
  const role = useRole(organizerId);
  const tabs = SETTINGS_TABS.filter((value) => role === null || roleCan(role, SETTINGS_TAB_CAPABILITY[value]));
  const asked = (tab as SettingsTab | undefined) ?? 'main';
  const active: SettingsTab = tabs.includes(asked) ? asked : (tabs[0] ?? asked);
  const info = useOrganizerInfo(organizerId);
  const uploadImage = useImageUpload(organizerId);
  const update = useUpdateOrganizer();
  const organizer = info.data;

  return (
    <section aria-labelledby="page-title">
      <PageHeader title={t('settings.title')} subtitle={organizer?.name} />
      <nav aria-label={t('settings.tabs.label')} className="mb-5">
        {/* a phone shows three tabs: the others are a scroll away, and the strip shows it */}
        <ScrollStrip activeKey={active} className="gap-1 border-b border-neutral-200">
          {tabs.map((value) => (
            <NavLink
              key={value}
              to={`/${orgId}/settings/${value}`}
              aria-current={value === active ? 'page' : undefined}
              className={cn(
                '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                value === active
                  ? 'border-primary-600 text-primary-700'
                  : 'border-transparent text-neutral-500 hover:border-neutral-300 hover:text-neutral-800',
              )}
            >
              {t(`settings.tabs.${value}`)}
            </NavLink>
          ))}
        </ScrollStrip>
      </nav>
      {info.isError && !organizer ? (
        <QueryErrorState error={info.error} onRetry={() => void info.refetch()} />
      ) : !organizer ? (
        <LoadingState />
      ) : (
        <div key={`${organizer.id}-${active}`}>
          {active === 'main' && <SettingsMainForm organizer={organizer} uploadImage={uploadImage} />}
          {active === 'contacts' && (
            <Suspense fallback={<LoadingState />}>
              <SettingsContactsForm organizer={organizer} />
            </Suspense>
          )}
          {active === 'cancellation' && <SettingsCancellationForm organizer={organizer} />}
          {active === 'docs' && <SettingsDocsForm organizer={organizer} uploadImage={uploadImage} />}
          {active === 'accounts' && (
            <BankAccountList
              organizerId={organizer.id}
              ownRequestAccountId={organizer.own_request_bank_account_id}
              isChoosing={update.isPending}
              onChooseOwnRequest={(id) =>
                update.mutate(
                  { id: organizer.id, own_request_bank_account_id: id },
                  {
                    onSuccess: () => toast.success(to('bankAccount.ownRequestSaved')),
                    onError: toastApiError,
                  },
                )
              }
            />
          )}
          {active === 'payments' && <SettingsPaymentAccount organizerId={organizer.id} />}
          {active === 'messages' && <TravellerMessageSettingsTab organizerId={organizer.id} />}
          {active === 'promo' && <PromoCodesTab organizerId={organizer.id} />}
          {active === 'team' && <TeamTab organizerId={organizer.id} />}
        </div>
      )}
    </section>
  );
}
