import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, LoadingState, Modal, toast } from '@tourdesk/ui';
import {
  INVOICE_FIELD_RULES,
  PREPAYMENT_FIELD_RULES,
  prepaymentSizeIssue,
} from '@tourdesk/contract/api/invoice-routes';
import type {
  CalculatePrepaymentBody,
  CalculatePrepaymentResponse,
  InvoiceCreateBody,
} from '@tourdesk/contract/api/invoice';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import type { Invoice } from '@tourdesk/contract/entities/invoice';
import { INVOICE_STATUS, type PaymentType, type PrepaymentType } from '@tourdesk/contract/enum-values';
import type { FieldRuleMap } from '@tourdesk/contract/validation';
import { isApiError } from '../../../../lib/api/api-error';
import { ChoiceField, NumberField, TextField } from '../../../../lib/form/fields';
import type { FormValues } from '../../../../lib/form/form-values';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { translateMessage } from '../../../../lib/form-errors';
import { useRequestTourDates } from '../api/request';
import { useCreateInvoice, usePrepaymentCalculator, useUpdateInvoice } from '../api/request-invoices';
import { useRequestFormat } from '../request-format';

/** The invoice form: the invoice's fields, and for a prepayment how it is counted (a percent, or an amount per tourist). */
type InvoiceFormBody = Required<
  Pick<InvoiceCreateBody, 'payment_type' | 'title' | 'amount' | 'message' | 'prepayment_percent'>
> &
  Pick<CalculatePrepaymentBody, 'prepayment_type' | 'prepayment_size'>;
type InvoiceValues = FormValues<InvoiceFormBody>;

/** The counting of a prepayment is the form's own; its size is checked against its type. */
const FORM_RULES: FieldRuleMap = { prepayment_size: PREPAYMENT_FIELD_RULES.prepayment_size! };
const checkSize = (v: InvoiceFormBody) => {
  if (v.payment_type !== 'prepayment') return [];
  const issue = prepaymentSizeIssue(v);
  return issue ? [{ path: 'prepayment_size', code: issue.code, params: issue.params }] : [];
};

/** The balance less what the other new (unpaid) invoices already ask. */
const uninvoicedOf = (request: BookingRequest, editing: Invoice | null): number => {
  const asked = [request.invoices.prepayment_invoice, ...request.invoices.additional_invoices]
    .filter((i): i is Invoice => i !== null && i.status === INVOICE_STATUS.new && i.id !== editing?.id)
    .reduce((sum, i) => sum + Math.round(i.amount * 100), 0);
  return Math.max(0, Math.round(request.balance * 100) - asked) / 100;
};

const FORM_ID = 'invoice-form';
/** How long the prepayment's fields rest before it is counted. */
const CALCULATE_DELAY_MS = 150;

/** A new invoice starts as the prepayment when the request has none live, at the departure's own terms. */
const defaultsOf = (
  request: BookingRequest,
  invoice: Invoice | null,
  terms: { type: PrepaymentType; size: number } | null,
): InvoiceValues => {
  if (invoice)
    return {
      payment_type: invoice.payment_type,
      title: invoice.title,
      amount: invoice.amount,
      message: invoice.message,
      prepayment_percent: invoice.prepayment_percent,
      prepayment_type: 'percent',
      prepayment_size: invoice.prepayment_percent,
    };
  const prepaymentLive =
    request.invoices.prepayment_invoice !== null && request.invoices.prepayment_invoice.status !== 3;
  return {
    payment_type: prepaymentLive ? 'payment' : 'prepayment',
    title: '',
    amount: null,
    message: '',
    prepayment_percent: null,
    prepayment_type: terms?.type ?? 'percent',
    prepayment_size: terms && terms.size > 0 ? terms.size : 30,
  };
};

function InvoiceForm({
  request,
  invoice,
  terms,
  onDone,
  onPending,
}: {
  request: BookingRequest;
  invoice: Invoice | null;
  terms: { type: PrepaymentType; size: number } | null;
  onDone: () => void;
  onPending: (pending: boolean) => void;
}) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const create = useCreateInvoice(request.request_id);
  const update = useUpdateInvoice(request.request_id);
  const calculate = usePrepaymentCalculator();
  const [calculated, setCalculated] = useState<CalculatePrepaymentResponse | null>(null);
  const [calculating, setCalculating] = useState(false);
  const form = useContractForm<InvoiceFormBody>({
    defaults: defaultsOf(request, invoice, terms),
    rules: INVOICE_FIELD_RULES,
    formRules: FORM_RULES,
    check: checkSize,
  });
  const { watch, setValue, setError, clearErrors, formState } = form;
  // what no new invoice asks yet: the server takes no more than this (invoice_over_balance)
  const uninvoiced = uninvoicedOf(request, invoice);
  const paymentType = watch('payment_type');
  const prepaymentType = watch('prepayment_type');
  const prepaymentSize = watch('prepayment_size');

  /**
   * calculate-prepayment for what the fields say now; a newer call aborts the older (the hook),
   * so the amount is always the latest answer's. A percent is of what the request costs, the
   * discount taken off; an amount per tourist is at most the price of a place.
   */
  const recalculate = useCallback(
    async (type: PrepaymentType, size: number) => {
      const body =
        type === 'percent' && request.discount
          ? { request_id: request.request_id, tourists_count: 1, price: request.price }
          : {
              request_id: request.request_id,
              tourists_count: Math.max(1, request.tourists_count),
              price: request.unit_price,
            };
      const issue = prepaymentSizeIssue({ prepayment_type: type, prepayment_size: size, price: body.price });
      if (issue) {
        setError('prepayment_size', { type: 'validate', message: translateMessage(issue, t) });
        return;
      }
      setCalculating(true);
      try {
        const answer = await calculate({ ...body, prepayment_type: type, prepayment_size: size });
        if (!answer) return; // a newer call took over
        clearErrors('prepayment_size');
        setCalculated(answer);
        setValue('amount', answer.prepayment, { shouldDirty: true, shouldValidate: formState.isSubmitted });
        setValue('prepayment_percent', answer.prepayment_percent, { shouldDirty: true });
        setCalculating(false);
      } catch (error) {
        setCalculating(false);
        const first = isApiError(error) ? error.fieldErrors.prepayment_size?.[0] : undefined;
        if (first) setError('prepayment_size', { type: 'server', message: translateMessage(first, t) });
        else toast.error(translateMessage(isApiError(error) ? error.coded : null, t));
      }
    },
    [calculate, request, setError, clearErrors, setValue, formState.isSubmitted, t],
  );

  // an invoice being changed keeps its amount until its counting's fields are touched
  const counted = useRef(invoice === null);
  useEffect(() => {
    if (paymentType !== 'prepayment') return;
    if (!counted.current) {
      counted.current = true;
      return;
    }
    if (typeof prepaymentSize !== 'number' || !Number.isFinite(prepaymentSize) || prepaymentSize < 0) return;
    // a short pause while typing; a call still under way when the next starts is aborted
    const timer = window.setTimeout(() => void recalculate(prepaymentType, prepaymentSize), CALCULATE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // only the counting's own fields start a new calculation
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentType, prepaymentType, prepaymentSize]);

  useEffect(() => {
    // "full" asks what is left to pay
    if (paymentType === 'full' && !invoice) setValue('amount', uninvoiced, { shouldDirty: true });
  }, [paymentType, invoice, uninvoiced, setValue]);

  const onSubmit = form.onSubmit((values) => {
    const body = {
      payment_type: values.payment_type,
      title: values.title,
      amount: values.amount,
      message: values.message,
      contract_id: null,
      prepayment_percent: values.payment_type === 'prepayment' ? values.prepayment_percent : null,
    };
    const callbacks = {
      onSuccess: () => {
        toast.success(invoice ? t('invoices.saved') : t('invoices.created'));
        onDone();
      },
      onError: form.showServerError,
      onSettled: () => onPending(false),
    };
    onPending(true);
    if (invoice) update.mutate({ ...body, id: invoice.id }, callbacks);
    else create.mutate(body, callbacks);
  });

  return (
    <FormProvider {...form}>
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ChoiceField<PaymentType>
          name="payment_type"
          label={t('invoices.fields.type')}
          className="sm:col-span-2"
          options={[
            { value: 'prepayment', text: t('invoices.types.prepayment') },
            { value: 'payment', text: t('invoices.types.payment') },
            { value: 'full', text: t('invoices.types.full') },
          ]}
        />
        {paymentType === 'prepayment' && (
          <div className="grid grid-cols-1 gap-4 rounded-xl bg-neutral-50 p-4 sm:col-span-2 sm:grid-cols-2">
            <ChoiceField<PrepaymentType>
              name="prepayment_type"
              label={t('invoices.fields.prepaymentType')}
              options={[
                { value: 'percent', text: t('invoices.prepaymentTypes.percent') },
                { value: 'currency', text: t('invoices.prepaymentTypes.currency') },
              ]}
            />
            <NumberField
              name="prepayment_size"
              decimal
              label={
                prepaymentType === 'percent'
                  ? t('invoices.fields.prepaymentPercent')
                  : t('invoices.fields.prepaymentPerTourist', { currency: request.currency })
              }
            />
            <p className="text-sm text-neutral-700 sm:col-span-2" aria-live="polite" role="status">
              {calculating
                ? t('invoices.calculating')
                : calculated
                  ? t('invoices.calculated', {
                      amount: format.money(calculated.prepayment),
                      total: format.money(calculated.total),
                      percent:
                        calculated.prepayment_percent === null ? '—' : format.percent(calculated.prepayment_percent),
                    })
                  : ''}
            </p>
          </div>
        )}
        <NumberField
          name="amount"
          decimal
          required
          label={t('invoices.fields.amount', { currency: request.currency })}
          hint={t('invoices.fields.amountHint', {
            balance: format.money(request.balance),
            left: format.money(uninvoiced),
          })}
        />
        <TextField name="title" label={t('invoices.fields.title')} placeholder={t(`invoices.types.${paymentType}`)} />
        <TextField
          name="message"
          label={t('invoices.fields.message')}
          hint={t('invoices.fields.messageHint')}
          multiline
          rows={3}
          className="sm:col-span-2"
        />
      </form>
    </FormProvider>
  );
}

/** A new invoice of the request, or a new (unpaid) one changed. */
export function InvoiceFormModal({
  request,
  target,
  onClose,
}: {
  request: BookingRequest;
  /** null: closed; 'new': a new invoice; else the invoice edited */
  target: Invoice | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const [pending, setPending] = useState(false);
  const invoice = target === 'new' ? null : target;
  // the departure's own prepayment terms start a new prepayment (tour-dates lists it with them)
  const dates = useRequestTourDates(request.request_id, target === 'new' && request.tour_date_id !== null);
  const departure = dates.data?.items.find((d) => d.id === request.tour_date_id);
  const terms = departure ? { type: departure.prepayment_type, size: departure.prepayment_size } : null;
  const waiting = target === 'new' && request.tour_date_id !== null && dates.isPending;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      width="form"
      title={invoice ? t('invoices.editTitle') : t('invoices.newTitle')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('invoices.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={pending} disabled={waiting}>
            {invoice ? t('invoices.save') : t('invoices.create')}
          </Button>
        </>
      }
    >
      {target === null ? null : waiting ? (
        <LoadingState />
      ) : (
        <InvoiceForm
          key={invoice?.id ?? 'new'}
          request={request}
          invoice={invoice}
          terms={terms}
          onDone={onClose}
          onPending={setPending}
        />
      )}
    </Modal>
  );
}
