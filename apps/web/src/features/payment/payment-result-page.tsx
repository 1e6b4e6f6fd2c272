import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentBrand } from '../../brands/current-brand';
import { EmptyState, Spinner, buttonClassName, cn } from '@tourdesk/ui';
import { QueryErrorState } from '../../components/query-error-state';
import { Ban, CircleCheck, CircleX, Clock, Link2Off, Mail, Phone, SearchX } from 'lucide-react';
import type { PaymentResult } from '@tourdesk/contract/api/invoice';
import { INVOICE_TOKEN_PATTERN, usePaymentResult } from './api/payment-result';
import { useFormats } from '../../lib/formats';
import { changeLanguage, currentLanguage, isLanguage } from '../../lib/i18n/i18n';
import { payPageLink } from '../../lib/pay-page-link';

type Tone = 'success' | 'danger' | 'neutral' | 'warning';
const TONE: Record<Tone, string> = {
  success: 'bg-success-50 text-success-600 ring-success-100',
  danger: 'bg-danger-50 text-danger-600 ring-danger-100',
  warning: 'bg-warning-50 text-warning-700 ring-warning-100',
  neutral: 'bg-primary-50 text-primary-600 ring-primary-100',
};

function Badge({ icon: Icon, tone }: { icon: typeof CircleCheck; tone: Tone }) {
  return (
    <span className={cn('flex size-16 items-center justify-center rounded-2xl ring-1', TONE[tone])}>
      <Icon size={30} strokeWidth={1.75} aria-hidden="true" />
    </span>
  );
}

/** What each outcome says first: its sign, title and lead. */
const OUTCOME = {
  paid: { icon: CircleCheck, tone: 'success' },
  pending: { icon: Clock, tone: 'warning' },
  failed: { icon: CircleX, tone: 'danger' },
  open: { icon: CircleX, tone: 'danger' },
  canceled: { icon: Ban, tone: 'neutral' },
} as const satisfies Record<PaymentResult['status'], { icon: typeof CircleCheck; tone: Tone }>;

function Details({ result }: { result: PaymentResult }) {
  const { t } = useTranslation('payments');
  const f = useFormats();
  const rows: [string, ReactNode][] = [
    [t('result.for'), t('result.forValue', { type: t(`types.${result.payment_type}`), id: result.request_number })],
    [t('result.tour'), result.tour_name || '—'],
  ];
  if (result.date_start) rows.push([t('result.dates'), f.days(result.date_start, result.date_end)]);
  rows.push([t('result.organizer'), result.organizer_name]);
  rows.push([
    t('result.collectedBy'),
    t(result.collected_by === 'organizer' ? 'result.collectedByOrganizer' : 'result.collectedByPlatform', {
      organizer: result.organizer_name,
      platform: currentBrand.name,
    }),
  ]);
  if (result.status === 'paid' && result.paid_at) rows.push([t('result.paidAt'), f.dateTime(result.paid_at)]);
  if (result.method) rows.push([t('result.method'), t(`methods.${result.method}`)]);
  return (
    <dl
      aria-label={t('result.details')}
      className="divide-y divide-neutral-100 rounded-xl border border-neutral-200 text-sm"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 px-4 py-2.5">
          <dt className="text-neutral-500">{label}</dt>
          <dd className="min-w-0 text-end font-medium break-words text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What comes next, by the outcome: the provider's confirmation, documents and the balance; or how to try again. */
function NextSteps({ result }: { result: PaymentResult }) {
  const { t } = useTranslation('payments');
  const f = useFormats();
  let steps: string[];
  if (result.status === 'paid') {
    const balance =
      result.balance <= 0
        ? t('result.nextPaidInFull')
        : result.full_payment_due
          ? t('result.nextBalanceDue', {
              amount: f.money(result.balance, result.currency),
              date: f.day(result.full_payment_due),
            })
          : t('result.nextBalance', { amount: f.money(result.balance, result.currency) });
    // 3: prepayment made (confirmed by the provider already); before that the provider confirms
    steps = [
      result.request_status === 3 ? t('result.nextConfirmed') : t('result.nextConfirm'),
      t('result.nextDocuments'),
      balance,
    ];
  } else if (result.status === 'failed' || result.status === 'open') {
    steps = [t('result.nextTryAgain'), t('result.nextBookingKept')];
  } else return null;
  return (
    <section aria-labelledby="next-title" className="text-start">
      <h2 id="next-title" className="text-sm font-semibold text-neutral-900">
        {t('result.nextTitle')}
      </h2>
      <ol className="mt-2 flex flex-col gap-2 text-sm text-neutral-700">
        {steps.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-50 text-xs font-semibold text-primary-700"
            >
              {i + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Contact({ result }: { result: PaymentResult }) {
  const { t } = useTranslation('payments');
  if (!result.organizer_email && !result.organizer_phone) return null;
  const link = 'inline-flex items-center gap-1.5 font-medium text-primary-700 hover:underline break-all';
  return (
    <div className="flex flex-col items-center gap-1.5 border-t border-neutral-100 pt-4 text-sm text-neutral-600">
      <p>{t('result.contact', { organizer: result.organizer_name })}</p>
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-1">
        {result.organizer_email && (
          <a className={link} href={`mailto:${result.organizer_email}`}>
            <Mail size={15} aria-hidden="true" className="shrink-0" />
            {result.organizer_email}
          </a>
        )}
        {result.organizer_phone && (
          <a className={link} href={`tel:${result.organizer_phone.replace(/[^\d+]/g, '')}`}>
            <Phone size={15} aria-hidden="true" className="shrink-0" />
            {result.organizer_phone}
          </a>
        )}
      </p>
    </div>
  );
}

/** The payer's page once the result is known. */
export function PaymentResultView({ result, stillPending = false }: { result: PaymentResult; stillPending?: boolean }) {
  const { t, i18n } = useTranslation('payments');
  const f = useFormats();
  const outcome = OUTCOME[result.status];
  // back to the payment page in the language the payer reads here
  const payUrl = payPageLink(result.pay_url, currentLanguage(i18n));
  const action =
    result.status === 'failed' ? (
      <a href={payUrl} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
        {t('result.tryAgain')}
      </a>
    ) : result.status === 'open' ? (
      <a href={payUrl} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
        {t('result.pay')}
      </a>
    ) : null;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <Badge icon={outcome.icon} tone={outcome.tone} />
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t(`result.${result.status}Title`)}</h1>
        <p className="text-sm text-neutral-600">
          {t(`result.${result.status}Lead`, { organizer: result.organizer_name })}
        </p>
        {result.status === 'pending' && (
          <p className="flex items-center gap-2 text-sm text-neutral-600">
            {stillPending ? t('result.pendingLong') : <Spinner size={18} />}
          </p>
        )}
      </div>
      <p className="text-center">
        <span className="block text-xs font-medium tracking-wide text-neutral-500 uppercase">
          {t('result.amountLabel')}
        </span>
        <span
          data-testid="paid-amount"
          className={cn(
            'text-3xl font-semibold tabular-nums',
            result.status === 'paid' ? 'text-neutral-900' : 'text-neutral-500',
          )}
        >
          {f.money(result.amount, result.currency)}
        </span>
      </p>
      <Details result={result} />
      <NextSteps result={result} />
      {action}
      <Contact result={result} />
    </div>
  );
}

/**
 * /success and /fail (boxed, public: the payer has no account): `?invoice=<token>` names the
 * invoice; the page says what the server knows of it (a late notification is waited for), which
 * may differ from where the payer was sent (a later attempt may have paid what had failed).
 */
function PaymentResultPage({ page }: { page: 'success' | 'fail' }) {
  const { t, i18n } = useTranslation('payments');
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const token = params.get('invoice')?.trim() ?? '';
  const result = usePaymentResult(token);
  // the payment page's language may come along (?lang=ru): the payer goes on reading it
  const lang = params.get('lang');
  useEffect(() => {
    if (isLanguage(lang) && lang !== currentLanguage(i18n)) void changeLanguage(lang, i18n);
  }, [lang, i18n]);

  if (!INVOICE_TOKEN_PATTERN.test(token))
    return (
      <EmptyState
        icon={<Badge icon={Link2Off} tone="neutral" />}
        title={<span className="block text-xl">{t('result.missingTitle')}</span>}
        text={t('result.missingText')}
      />
    );
  if (result.isPending)
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
        <Badge icon={page === 'success' ? CircleCheck : CircleX} tone={page === 'success' ? 'success' : 'danger'} />
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{tp(`${page}.title`)}</h1>
        <p className="flex items-center gap-2 text-sm text-neutral-600">
          <Spinner size={18} />
          {t('result.loading')}
        </p>
      </div>
    );
  if (result.isError) {
    const notFound = result.error.status === 404 || result.error.status === 422;
    if (!notFound) return <QueryErrorState error={result.error} onRetry={() => void result.refetch()} />;
    return (
      <EmptyState
        icon={<Badge icon={SearchX} tone="neutral" />}
        title={<span className="block text-xl">{t('result.notFoundTitle')}</span>}
        text={t('result.notFoundText')}
      />
    );
  }
  return <PaymentResultView result={result.data} stillPending={result.stillPending} />;
}

/** /success: where a payer lands after paying. */
export function SuccessPage() {
  return <PaymentResultPage page="success" />;
}

/** /fail: where a payer lands when the payment did not go through. */
export function FailPage() {
  return <PaymentResultPage page="fail" />;
}
