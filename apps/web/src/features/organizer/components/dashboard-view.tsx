import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, Modal, buttonClassName, cn, countryName } from '@tourdesk/ui';
import { CalendarClock, FileWarning, Inbox, Percent } from 'lucide-react';
import type { DashboardResponse, DashboardWeek } from '@tourdesk/contract/api/organizer';
import { INVOICE_STATUS } from '@tourdesk/contract/enum-values';
import { WeekBars } from '../../../components/week-bars';
import { useFormats } from '../../../lib/formats';
import { RevenueBars } from '../../../components/revenue-bars';
import { useAcceptAgreement } from '../api/accept-agreement';
import { VerificationCard } from './verification-card';
import { useApiErrorToast } from '../../../lib/form-errors';

interface Metric {
  key: 'new_requests' | 'upcoming_departures' | 'unpaid_invoices';
  value: number;
  icon: typeof Inbox;
  href: string;
  tone: string;
  /** a line under the figure (the unpaid amounts per currency) */
  detail?: string;
}

/** The three morning figures as tiles, each a link to its list filtered. */
function MorningCounts({ metrics }: { metrics: Metric[] }) {
  const { t } = useTranslation('organizer');
  return (
    <Card className="p-5 lg:col-span-2" aria-labelledby="today-title">
      <h2 id="today-title" className="text-base font-semibold text-neutral-900">
        {t('dashboard.todayTitle')}
      </h2>
      <p className="text-sm text-neutral-600">{t('dashboard.todayText')}</p>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {metrics.map(({ key, value, icon: Icon, href, tone, detail }) => (
          <li key={key}>
            <Link
              to={href}
              // a phone: icon, figure and words in one row; wider: a tile
              className="flex h-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-neutral-200 p-3 transition-colors hover:border-primary-300 hover:bg-primary-50/40 focus-visible:outline-2 focus-visible:outline-primary-500 sm:flex-col sm:flex-nowrap sm:items-start sm:gap-2 sm:p-4"
            >
              <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
                <Icon size={18} aria-hidden="true" />
              </span>
              <span
                className="text-2xl font-semibold text-neutral-900 tabular-nums sm:text-3xl"
                data-testid={`count-${key}`}
              >
                {value}
              </span>
              <span className="min-w-0 flex-1 text-sm text-neutral-600 sm:flex-none">
                {t(`dashboard.metrics.${key}`, { count: value })}
              </span>
              {detail && (
                <span
                  className="basis-full ps-12 text-sm font-medium text-neutral-800 tabular-nums sm:basis-auto sm:ps-0"
                  data-testid={`detail-${key}`}
                >
                  {detail}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What a provider follows over time: requests made and money received per week, the last 12 weeks. */
function WeeksCard({ weeks }: { weeks: DashboardWeek[] }) {
  const { t } = useTranslation('organizer');
  const f = useFormats();
  return (
    <Card className="p-5 lg:col-span-3" role="region" aria-labelledby="weeks-title">
      <h2 id="weeks-title" className="text-base font-semibold text-neutral-900">
        {t('dashboard.weeksTitle', { count: weeks.length })}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-8 md:grid-cols-2">
        <WeekBars
          title={t('dashboard.requestsChart')}
          description={t('dashboard.requestsChartText')}
          points={weeks.map((w) => ({ week_start: w.week_start, value: w.requests }))}
          format={(count) => t('dashboard.requestsValue', { count })}
          formatAxis={(n) => String(n)}
          formatWeek={f.dayMonth}
          weekHeading={t('dashboard.weekHeading')}
          valueHeading={t('dashboard.requestsHeading')}
          currentWeekText={t('dashboard.currentWeek')}
          whole
        />
        <RevenueBars
          weeks={weeks}
          texts={{
            title: t('dashboard.revenueChart'),
            description: t('dashboard.revenueChartText'),
            currencyLabel: t('dashboard.currency'),
            weekHeading: t('dashboard.weekHeading'),
            valueHeading: t('dashboard.revenueHeading'),
            currentWeek: t('dashboard.currentWeek'),
            empty: t('dashboard.revenueEmpty'),
          }}
        />
      </div>
    </Card>
  );
}

function CommissionCard({ commission, country }: { commission: number | null; country: string | null }) {
  const { t, i18n } = useTranslation('organizer');
  return (
    <Card className="flex flex-col gap-3 p-5" aria-labelledby="commission-title">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary-50 text-primary-600 ring-1 ring-primary-100">
          <Percent size={20} aria-hidden="true" />
        </span>
        <h2 id="commission-title" className="text-base font-semibold text-neutral-900">
          {t('dashboard.commissionTitle')}
        </h2>
      </div>
      <p className="text-4xl font-semibold text-neutral-900 tabular-nums" data-testid="commission">
        {commission === null
          ? '—'
          : `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(commission)}%`}
      </p>
      <p className="text-sm text-neutral-600">
        {commission === null ? t('dashboard.commissionUnknown') : t('dashboard.commissionText')}
      </p>
      {country && (
        <p className="mt-auto flex items-center gap-2 border-t border-neutral-100 pt-3 text-sm text-neutral-700">
          <img src={`/flags/1x1/${country.toLowerCase()}.svg`} alt="" width={18} height={18} className="rounded-full" />
          {t('dashboard.country', { country: countryName(country, i18n.language) })}
        </p>
      )}
    </Card>
  );
}

/** The agreement popup (should_show_agreement_popup): read the current version and accept it. */
export function AgreementPopup({ orgId, version }: { orgId: number; version: string }) {
  const { t } = useTranslation('organizer');
  const toastApiError = useApiErrorToast();
  const [accepted, setAccepted] = useState(false);
  const [open, setOpen] = useState(true);
  const accept = useAcceptAgreement({ onSuccess: () => setOpen(false) });
  return (
    <Modal
      open={open}
      onOpenChange={() => undefined}
      persistent
      hideClose
      width="dialog"
      title={t('agreementPopup.title')}
      description={t('agreementPopup.text')}
      footer={
        <Button
          disabled={!accepted}
          loading={accept.isPending}
          onClick={() => accept.mutate({ tour_organizer_id: orgId, version }, { onError: toastApiError })}
        >
          {t('agreementPopup.accept')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <a
          href={`/org/agreement/${version}`}
          target="_blank"
          rel="noreferrer"
          className={buttonClassName({ variant: 'link' })}
        >
          {t('agreementPopup.read', { version })}
        </a>
        <Checkbox
          checked={accepted}
          onCheckedChange={(v) => setAccepted(v === true)}
          label={t('agreementPopup.checkbox')}
        />
      </div>
    </Modal>
  );
}

/** /{orgId}/dashboard: what a provider wants first thing in the morning. */
export function DashboardView({
  orgId,
  data,
  children,
}: {
  orgId: number;
  data: DashboardResponse;
  children?: ReactNode;
}) {
  const f = useFormats();
  const all: Metric[] = [
    {
      key: 'new_requests',
      value: data.new_requests_count,
      icon: Inbox,
      // the bookings list opens the tab of a group named in the address (?group=new)
      href: `/${orgId}/bookings?group=new`,
      tone: 'bg-primary-100 text-primary-700',
    },
    {
      key: 'upcoming_departures',
      value: data.upcoming_departures_count,
      icon: CalendarClock,
      // every request, those of the departures starting from today to the last upcoming day
      href: `/${orgId}/bookings?group=all&date_from=${data.today}&date_to=${data.upcoming_departures_to}`,
      tone: 'bg-success-100 text-success-700',
    },
    {
      key: 'unpaid_invoices',
      value: data.unpaid_invoices_count,
      icon: FileWarning,
      href: `/${orgId}/payments?status=${INVOICE_STATUS.new}`,
      tone: 'bg-warning-100 text-warning-800',
      detail: data.unpaid_invoices.map((u) => f.money(u.amount, u.currency)).join(' · ') || undefined,
    },
  ];
  // a role without reports (a guide) sees its own upcoming departures, not the organizer's figures
  const metrics = data.figures_shown ? all : all.filter((m) => m.key === 'upcoming_departures');
  return (
    // grid-cols-1 (minmax(0, 1fr)): on a phone a card's widest line (a partner's domain) no longer
    // widens the single column, which ran every card to the screen's edge
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <MorningCounts metrics={metrics} />
      {data.figures_shown && <CommissionCard commission={data.organizer_commission} country={data.organizer_country} />}
      {data.figures_shown && <WeeksCard weeks={data.weeks} />}
      <VerificationCard orgId={orgId} data={data} settingsHref={`/${orgId}/settings/main`} />
      <div className="min-w-0 lg:col-span-2">{children}</div>
      {data.should_show_agreement_popup && <AgreementPopup orgId={orgId} version={data.agreement_version} />}
    </div>
  );
}
