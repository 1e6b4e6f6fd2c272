import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, Modal, cn, toast } from '@tourdesk/ui';
import { BellRing, Copy, ExternalLink, FilePlus2, Pencil, RotateCcw, XCircle } from 'lucide-react';
import { REFUND_FIELD_RULES } from '@tourdesk/contract/api/invoice-routes';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import type { Invoice, Payment } from '@tourdesk/contract/entities/invoice';
import { INVOICE_STATUS } from '@tourdesk/contract/enum-values';
import { NumberField } from '../../../../lib/form/fields';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { currentLanguage } from '../../../../lib/i18n/i18n';
import { payPageLink } from '../../../../lib/pay-page-link';
import { useCancelInvoice, useRefundPayment } from '../api/request-invoices';
import { useRequestFormat, type RequestFormat } from '../request-format';
import { isCancelable } from './request-header';
import { InvoiceFormModal } from './invoice-form-modal';

const STATUS_TONE: Record<number, string> = {
  [INVOICE_STATUS.new]: 'bg-warning-50 text-warning-800 ring-warning-200',
  [INVOICE_STATUS.payed]: 'bg-success-50 text-success-800 ring-success-200',
  [INVOICE_STATUS.canceled]: 'bg-neutral-100 text-neutral-600 ring-neutral-200',
};

/** What is left of a payment to refund. */
const refundable = (p: Payment): number => Math.round((p.amount - p.refunded_amount) * 100) / 100;

function RefundModal({
  request,
  payment,
  onClose,
}: {
  request: BookingRequest;
  payment: Payment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const refund = useRefundPayment(request.request_id);
  const form = useContractForm<{ amount: number | null }>({
    defaults: { amount: payment ? refundable(payment) : null },
    rules: REFUND_FIELD_RULES,
  });
  const onSubmit = form.onSubmit((values) =>
    payment
      ? refund.mutate(
          { payment_id: payment.id, amount: values.amount as number },
          {
            onSuccess: () => {
              toast.success(t('invoices.refund.done'));
              onClose();
            },
            onError: form.showServerError,
          },
        )
      : undefined,
  );
  return (
    <Modal
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      width="form"
      title={t('invoices.refund.title')}
      description={payment ? t('invoices.refund.text', { amount: format.money(refundable(payment)) }) : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('invoices.cancel')}
          </Button>
          <Button type="submit" form="refund-form" variant="danger" loading={refund.isPending}>
            {t('invoices.refund.submit')}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id="refund-form" onSubmit={onSubmit} noValidate>
          <NumberField
            name="amount"
            decimal
            required
            label={t('invoices.refund.amount', { currency: request.currency })}
          />
        </form>
      </FormProvider>
    </Modal>
  );
}

/** The payment page's link, copied or opened, in the provider's language: the payer can switch it there. */
function PaymentLink({ url: pageUrl }: { url: string }) {
  const { t, i18n } = useTranslation('bookings');
  const url = payPageLink(pageUrl, currentLanguage(i18n));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('invoices.link.copied'));
    } catch {
      toast.error(t('invoices.link.copyFailed'));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" onClick={() => void copy()}>
        <Copy size={14} aria-hidden="true" />
        {t('invoices.link.copy')}
      </Button>
      <Button size="sm" variant="ghost" asChild>
        <a href={url} target="_blank" rel="noopener noreferrer">
          <ExternalLink size={14} aria-hidden="true" />
          {t('invoices.link.open')}
        </a>
      </Button>
    </div>
  );
}

function InvoiceItem({
  invoice,
  format,
  editable,
  onEdit,
  onCancel,
  onRefund,
}: {
  invoice: Invoice;
  format: RequestFormat;
  editable: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onRefund: (p: Payment) => void;
}) {
  const { t } = useTranslation('bookings');
  const title = invoice.title || t(`invoices.types.${invoice.payment_type}`);
  const isNew = invoice.status === INVOICE_STATUS.new;
  return (
    <li>
      <article aria-label={title} className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-medium text-neutral-900">{title}</h3>
            <p className="mt-0.5 text-xs text-neutral-500">
              {[
                t(`invoices.types.${invoice.payment_type}`),
                invoice.prepayment_percent !== null && invoice.payment_type === 'prepayment'
                  ? t('invoices.percentOfPrice', { percent: format.percent(invoice.prepayment_percent) })
                  : '',
                invoice.created_at ? t('invoices.createdAt', { date: format.moment(invoice.created_at) }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-base font-semibold tabular-nums text-neutral-900">
              {format.money(invoice.amount)}
            </span>
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
                STATUS_TONE[invoice.status],
              )}
            >
              {t(`invoices.statuses.${invoice.status}`)}
            </span>
          </div>
        </div>
        {invoice.message && <p className="text-sm whitespace-pre-line text-neutral-700">{invoice.message}</p>}
        {invoice.paid_at && (
          <p className="text-sm text-success-800">{t('invoices.paidAt', { date: format.moment(invoice.paid_at) })}</p>
        )}
        {invoice.payments.length > 0 && (
          <ul aria-label={t('invoices.payments')} className="flex flex-col gap-1.5 text-sm">
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-neutral-50 px-3 py-2">
                <span className="tabular-nums">{format.money(p.amount)}</span>
                <span className="text-neutral-600">{t(`invoices.methods.${p.method}`)}</span>
                <span className="text-neutral-600">{t(`invoices.paymentStatuses.${p.status}`)}</span>
                {p.refunded_amount > 0 && (
                  <span className="text-neutral-600">
                    {t('invoices.refunded', { amount: format.money(p.refunded_amount) })}
                  </span>
                )}
                {p.status === 'succeeded' && refundable(p) > 0 && (
                  <Button size="sm" variant="ghost" className="ms-auto" onClick={() => onRefund(p)}>
                    <RotateCcw size={14} aria-hidden="true" />
                    {t('invoices.refund.open')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {isNew && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-100 pt-3">
            {invoice.payment_url ? <PaymentLink url={invoice.payment_url} /> : <span />}
            {editable && (
              <div className="flex gap-1">
                <Button size="sm" variant="ghost" onClick={onEdit} aria-label={t('invoices.editOne', { title })}>
                  <Pencil size={14} aria-hidden="true" />
                  {t('invoices.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-danger-700"
                  onClick={onCancel}
                  aria-label={t('invoices.cancelOne', { title })}
                >
                  <XCircle size={14} aria-hidden="true" />
                  {t('invoices.withdraw')}
                </Button>
              </div>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * The request's invoices: the prepayment and the additional ones, with their status, amount,
 * payments and payment link; a new one made, a new one changed or withdrawn, a paid one
 * refunded; and whether the balance reminder has gone out.
 */
export function InvoicesCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const cancelInvoice = useCancelInvoice(request.request_id);
  const toastApiError = useApiErrorToast();
  const [editing, setEditing] = useState<Invoice | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<Invoice | null>(null);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const editable = isCancelable(request);
  const invoices = [request.invoices.prepayment_invoice, ...request.invoices.additional_invoices].filter(
    (x): x is Invoice => x !== null,
  );
  const fullPaymentDays = request.departure?.full_payment_days ?? null;
  return (
    <Card
      title={t('invoices.title')}
      actions={
        editable && (
          <Button size="sm" onClick={() => setEditing('new')} disabled={request.balance <= 0}>
            <FilePlus2 size={15} aria-hidden="true" />
            {t('invoices.new')}
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {invoices.length === 0 ? (
          <p className="text-sm text-neutral-500">{t('invoices.empty')}</p>
        ) : (
          <ul aria-label={t('invoices.title')} className="flex flex-col gap-3">
            {invoices.map((invoice) => (
              <InvoiceItem
                key={invoice.id}
                invoice={invoice}
                format={format}
                editable={editable}
                onEdit={() => setEditing(invoice)}
                onCancel={() => setWithdrawing(invoice)}
                onRefund={setRefunding}
              />
            ))}
          </ul>
        )}
        {/* a canceled request is reminded of nothing */}
        {(editable || request.balance_reminder_sent_at) && (
          <p className="flex items-start gap-2 text-sm text-neutral-600">
            <BellRing size={15} aria-hidden="true" className="mt-0.5 shrink-0 text-neutral-500" />
            {request.balance_reminder_sent_at
              ? t('invoices.reminder.sent', { date: format.moment(request.balance_reminder_sent_at) })
              : request.balance > 0 && fullPaymentDays !== null
                ? t('invoices.reminder.pending', { count: fullPaymentDays })
                : t('invoices.reminder.none')}
          </p>
        )}
      </div>
      <InvoiceFormModal request={request} target={editing} onClose={() => setEditing(null)} />
      <RefundModal
        key={refunding?.id ?? 'none'}
        request={request}
        payment={refunding}
        onClose={() => setRefunding(null)}
      />
      <Modal
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        width="form"
        title={t('invoices.withdrawTitle')}
        description={
          withdrawing
            ? t('invoices.withdrawText', {
                title: withdrawing.title || t(`invoices.types.${withdrawing.payment_type}`),
                amount: format.money(withdrawing.amount),
              })
            : undefined
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setWithdrawing(null)}>
              {t('invoices.keep')}
            </Button>
            <Button
              variant="danger"
              loading={cancelInvoice.isPending}
              onClick={() =>
                withdrawing &&
                cancelInvoice.mutate(withdrawing.id, {
                  onSuccess: () => {
                    toast.success(t('invoices.withdrawn'));
                    setWithdrawing(null);
                  },
                  onError: toastApiError,
                })
              }
            >
              {t('invoices.withdraw')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
