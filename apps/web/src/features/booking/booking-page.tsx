import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Field, LoadingState, Textarea } from '@tourdesk/ui';
import { CheckCircle2, FileText, Link2Off, MessageCircle } from 'lucide-react';
import type { BookingPage as BookingPageData } from '@tourdesk/contract/api/booking-page';
import { useFormats } from '../../lib/formats';
import { useApiErrorToast } from '../../lib/form-errors';
import { useBookingPage, useCancelBooking, useCancelQuote, usePayBalance } from './api/booking-page';

const STATUS_TONE: Record<number, string> = {
  1: 'bg-warning-50 text-warning-800',
  2: 'bg-warning-50 text-warning-800',
  3: 'bg-success-50 text-success-800',
  4: 'bg-neutral-100 text-neutral-800',
};

/** Label and value lines. */
function Lines({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      {rows.map(([label, value], i) => (
        <div key={i} className="flex justify-between gap-4">
          <dt className="text-neutral-600">{label}</dt>
          <dd className="text-right font-medium text-neutral-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Cancel within the rules: the penalty and refund shown first, then confirmed. */
function CancelBooking({ token, data }: { token: string; data: BookingPageData }) {
  const { t } = useTranslation('bookings');
  const f = useFormats();
  const toastApiError = useApiErrorToast();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const quote = useCancelQuote(token, open);
  const cancel = useCancelBooking(token);
  const money = (n: number) => f.money(n, data.pricing.currency);
  if (!open)
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t('travellerPage.cancel.start')}
      </Button>
    );
  const q = quote.data;
  return (
    <section aria-labelledby="cancel-heading" className="flex flex-col gap-3 rounded-lg border border-danger-200 p-4">
      <h2 id="cancel-heading" className="text-base font-semibold text-neutral-900">
        {t('travellerPage.cancel.title')}
      </h2>
      {quote.isPending && <LoadingState />}
      {q && (
        <>
          <p className="text-sm text-neutral-700">
            {q.applied_penalty
              ? t('travellerPage.cancel.penaltyRule', {
                  percent: q.applied_penalty.percent,
                  days: q.applied_penalty.days_before,
                })
              : t('travellerPage.cancel.free')}
          </p>
          <Lines
            rows={[
              [t('travellerPage.cancel.paid'), money(q.paid_amount)],
              [t('travellerPage.cancel.penalty'), money(q.penalty_amount)],
              [t('travellerPage.cancel.refund'), money(q.refund_amount)],
            ]}
          />
          {q.cancellation_terms && (
            <p className="text-sm whitespace-pre-line text-neutral-600">{q.cancellation_terms}</p>
          )}
          <Field label={t('travellerPage.cancel.reason')}>
            <Textarea rows={2} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Field>
          <div className="flex flex-col gap-2">
            <Button
              variant="danger"
              block
              className="h-auto min-h-10 py-2 whitespace-normal"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { message, penalty_amount: q.penalty_amount },
                  {
                    onSuccess: () => setOpen(false),
                    onError: (error) => {
                      toastApiError(error);
                      void quote.refetch();
                    },
                  },
                )
              }
            >
              {t('travellerPage.cancel.confirm', { penalty: money(q.penalty_amount) })}
            </Button>
            <Button variant="ghost" block onClick={() => setOpen(false)}>
              {t('travellerPage.cancel.keep')}
            </Button>
          </div>
        </>
      )}
      {quote.isError && (
        <p role="alert" className="text-sm text-danger-600">
          {t('travellerPage.cancel.unavailable')}
        </p>
      )}
    </section>
  );
}

function Booking({ token, data }: { token: string; data: BookingPageData }) {
  const { t, i18n } = useTranslation('bookings');
  const f = useFormats();
  const toastApiError = useApiErrorToast();
  const pay = usePayBalance(token);
  const p = data.pricing;
  const money = (n: number) => f.money(n, p.currency);
  // what the pay button pays: the oldest open invoice first (the server's pay-balance), else the balance
  const payNow = data.invoices.find((i) => i.pay_url !== null)?.amount ?? p.balance_due;
  const name = (l: { name_en: string; name_ru: string }) => (i18n.language === 'ru' ? l.name_ru : l.name_en);
  const lines: [string, string][] = [
    ...p.travellers.map((l) => [`${name(l)} × ${l.count}`, money(l.amount)] as [string, string]),
    ...p.extras.map((e) => [`${name(e)} × ${e.quantity}`, money(e.amount)] as [string, string]),
    ...p.adjustments.map((a) => [a.reason, money(a.amount)] as [string, string]),
    ...(p.discount ? [[t('travellerPage.discount'), `−${money(p.discount.amount)}`] as [string, string]] : []),
    ...(p.promo && p.promo.amount > 0
      ? [[t('travellerPage.promo', { code: p.promo.code }), `−${money(p.promo.amount)}`] as [string, string]]
      : []),
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-neutral-600">{t('travellerPage.number', { id: data.request_id })}</p>
        <h1 className="text-2xl font-semibold text-neutral-900">{data.tour_name}</h1>
        <p className="text-sm text-neutral-600">
          {f.days(data.date_start, data.date_end)}
          {' · '}
          {t('travellerPage.with', { organizer: data.organizer_name })}
        </p>
        <p
          role="status"
          className={`mt-2 self-start rounded-full px-3 py-1 text-sm font-medium ${STATUS_TONE[data.status] ?? 'bg-danger-50 text-danger-800'}`}
        >
          {t(`travellerPage.status.${data.status}`)}
        </p>
      </header>

      <section aria-labelledby="travellers-heading" className="flex flex-col gap-2">
        <h2 id="travellers-heading" className="text-base font-semibold text-neutral-900">
          {t('travellerPage.travellers', { count: p.tourists_count })}
        </h2>
        <p className="text-sm text-neutral-700">
          {[data.customer_name, ...data.tourists.filter((n) => n !== data.customer_name)].join(', ')}
        </p>
        <a className="text-sm text-primary-700 underline" href={data.questionnaire_url}>
          {t('travellerPage.questionnaire')}
        </a>
      </section>

      <section aria-labelledby="price-heading" className="flex flex-col gap-3">
        <h2 id="price-heading" className="text-base font-semibold text-neutral-900">
          {t('travellerPage.price')}
        </h2>
        <Lines rows={lines} />
        <div className="border-t border-neutral-200 pt-2">
          <Lines
            rows={[
              [t('travellerPage.total'), money(p.total)],
              [t('travellerPage.paid'), money(p.paid)],
              ...(data.canceled
                ? [[t('travellerPage.penaltyKept'), money(data.penalty ?? 0)] as [string, string]]
                : [[t('travellerPage.due'), money(p.balance_due)] as [string, string]]),
            ]}
          />
        </div>
        {data.can_pay && (
          <Button
            size="lg"
            loading={pay.isPending}
            onClick={() =>
              pay.mutate(i18n.language === 'ru' ? 'ru' : 'en', {
                onSuccess: (r) => window.location.assign(r.pay_url),
                onError: toastApiError,
              })
            }
          >
            {t('travellerPage.pay', { amount: money(payNow) })}
          </Button>
        )}
        {data.status === 1 && <p className="text-sm text-neutral-600">{t('travellerPage.waiting')}</p>}
      </section>

      <section aria-labelledby="documents-heading" className="flex flex-col gap-2">
        <h2 id="documents-heading" className="text-base font-semibold text-neutral-900">
          {t('travellerPage.documents')}
        </h2>
        {data.invoices.length === 0 && !data.contract_url ? (
          <p className="text-sm text-neutral-600">{t('travellerPage.noDocuments')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.contract_url && (
              <li className="flex items-center gap-2 text-sm">
                <FileText size={16} aria-hidden="true" className="shrink-0 text-neutral-500" />
                <span className="flex-1">{t('travellerPage.contract')}</span>
                <a className="font-medium text-primary-700 underline" href={data.contract_url} download>
                  {t('travellerPage.download')}
                </a>
              </li>
            )}
            {data.invoices.map((inv) => (
              <li key={inv.id} className="flex items-center gap-2 text-sm">
                <FileText size={16} aria-hidden="true" className="shrink-0 text-neutral-500" />
                <span className="flex-1">
                  {inv.title || t('travellerPage.invoice', { id: inv.id })} · {money(inv.amount)} ·{' '}
                  {t(`travellerPage.invoiceStatus.${inv.status}`, { defaultValue: inv.status })}
                </span>
                {inv.pay_url && (
                  <a className="font-medium text-primary-700 underline" href={inv.pay_url}>
                    {t('travellerPage.open')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.chat_url && (
        <a
          href={data.chat_url}
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary-700 underline"
        >
          <MessageCircle size={16} aria-hidden="true" />
          {t('travellerPage.chat', { organizer: data.organizer_name })}
        </a>
      )}

      {data.can_cancel && <CancelBooking token={token} data={data} />}
      {data.canceled && (
        <div role="status" className="flex gap-2 rounded-lg bg-neutral-100 p-3 text-neutral-800">
          <CheckCircle2 size={20} aria-hidden="true" className="shrink-0" />
          <p>{t('travellerPage.canceledNote')}</p>
        </div>
      )}
    </div>
  );
}

/**
 * /booking/:token: the traveller's own booking through its secret link (issue 27; phone first, no
 * account): status, price lines, paid and due, pay the balance, documents, chat, cancel within the
 * rules. A forged or mistyped link says so.
 */
export function BookingPage() {
  const { t } = useTranslation('bookings');
  const { token = '' } = useParams();
  const page = useBookingPage(token);
  let body;
  if (page.isPending) body = <LoadingState />;
  else if (page.isError || !page.data)
    body = (
      <EmptyState
        icon={<Link2Off size={28} aria-hidden="true" />}
        title={t('travellerPage.invalidTitle')}
        text={t('travellerPage.invalidText')}
      />
    );
  else body = <Booking token={token} data={page.data} />;
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10">
      <Card className="p-5 sm:p-8">{body}</Card>
    </main>
  );
}
