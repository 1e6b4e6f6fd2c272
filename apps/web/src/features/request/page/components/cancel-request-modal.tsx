import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, LoadingState, Modal, RadioGroup, cn, toast } from '@tourdesk/ui';
import type { CancelPopupData } from '@tourdesk/contract/api/request';
import { CANCEL_REQUEST_FIELD_RULES } from '@tourdesk/contract/api/request-rules';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { QueryErrorState } from '../../../../components/query-error-state';
import { TextField } from '../../../../lib/form/fields';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { useCancelQuote, useCancelRequest, type CancelRequestInput } from '../api/request';
import { useRequestFormat, type RequestFormat } from '../request-format';

/** cancel's body but the request, which the page knows */
type CancelBody = Omit<CancelRequestInput, 'id'>;

/** When the trip starts, as the penalty counts it. */
function StartsIn({ days }: { days: number | null }) {
  const { t } = useTranslation('bookings');
  const text =
    days === null
      ? t('cancel.noStart')
      : days < 0
        ? t('cancel.started')
        : days === 0
          ? t('cancel.startsToday')
          : t('cancel.startsIn', { count: days });
  return <p className="text-sm text-neutral-700">{text}</p>;
}

/** The penalty rows (days before the start → percent of the price), the one that applies now marked. */
function PenaltyTable({ quote }: { quote: CancelPopupData }) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(quote.currency);
  if (quote.penalties.length === 0) return <p className="text-sm text-neutral-700">{t('cancel.noPenalties')}</p>;
  const applied = quote.applied_penalty;
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-start text-sm font-medium text-neutral-800">
        {t(`cancel.source.${quote.penalties_source}`)}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('cancel.daysColumn')}</th>
          <th scope="col">{t('cancel.percentColumn')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100 rounded-lg border border-neutral-200">
        {quote.penalties.map((p) => {
          const applies = applied !== null && applied.days_before === p.days_before && applied.percent === p.percent;
          return (
            <tr
              key={`${p.days_before}-${p.percent}`}
              aria-current={applies ? 'true' : undefined}
              className={cn(applies && 'bg-danger-50 font-medium text-danger-900')}
            >
              <td className="px-3 py-2">{t('cancel.daysBefore', { count: p.days_before })}</td>
              <td className="px-3 py-2 text-end tabular-nums">
                {applies && (
                  <span className="me-2 rounded-full bg-danger-100 px-2 py-0.5 text-xs font-semibold">
                    {t('cancel.applies')}
                  </span>
                )}
                {format.percent(p.percent)}
              </td>
            </tr>
          );
        })}
      </tbody>
      {applied === null && quote.days_before_start !== null && (
        <tfoot>
          <tr>
            <td colSpan={2} className="px-3 pt-2 text-sm text-neutral-700">
              {t('cancel.freeNow')}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/** What cancelling costs now: price, paid, the penalty and what goes back to the tourist. */
function CancelFigures({ quote, format }: { quote: CancelPopupData; format: RequestFormat }) {
  const { t } = useTranslation('bookings');
  const rows: [string, string, string?][] = [
    [t('cancel.price'), format.money(quote.price)],
    [t('cancel.paid'), format.money(quote.paid_amount)],
    [
      quote.applied_penalty
        ? t('cancel.penaltyPercent', { percent: format.percent(quote.applied_penalty.percent) })
        : t('cancel.penalty'),
      format.money(quote.penalty_amount),
      'penalty',
    ],
    [t('cancel.refund'), format.money(quote.refund_amount), 'refund'],
  ];
  return (
    <dl aria-label={t('cancel.figures')} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([term, value, kind]) => (
        <div key={term} className="contents">
          <dt className={cn('text-neutral-600', kind && 'font-medium text-neutral-900')}>{term}</dt>
          <dd
            className={cn(
              'text-end tabular-nums',
              kind === 'penalty' && quote.penalty_amount > 0 && 'font-semibold text-danger-700',
              kind === 'refund' && 'font-semibold text-neutral-900',
            )}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function TermsText({ title, text }: { title: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <div className="rounded-lg bg-neutral-50 px-3 py-2 text-sm">
      <p className="font-medium text-neutral-800">{title}</p>
      <p className="mt-1 whitespace-pre-line text-neutral-700">{text}</p>
    </div>
  );
}

const FORM_ID = 'cancel-request-form';

function CancelForm({
  request,
  quote,
  onDone,
  cancel,
}: {
  request: BookingRequest;
  quote: CancelPopupData;
  onDone: () => void;
  cancel: ReturnType<typeof useCancelRequest>;
}) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(quote.currency);
  const hasEmail = request.customer_email.trim() !== '';
  const form = useContractForm<CancelBody>({
    defaults: { message: '', notify_client: hasEmail, canceled_by: 'author' },
    rules: CANCEL_REQUEST_FIELD_RULES,
  });
  const onSubmit = form.onSubmit((body) =>
    cancel.mutate(
      { ...body, id: request.request_id },
      {
        onSuccess: () => {
          toast.success(t('cancel.done'));
          onDone();
        },
        onError: form.showServerError,
      },
    ),
  );
  return (
    <div className="flex flex-col gap-5">
      <section aria-label={t('cancel.quote')} className="flex flex-col gap-4">
        <StartsIn days={quote.days_before_start} />
        <PenaltyTable quote={quote} />
        <CancelFigures quote={quote} format={format} />
        <TermsText title={t('cancel.terms')} text={quote.cancellation_terms} />
        <TermsText title={t('cancel.expenses')} text={quote.actual_expenses} />
      </section>
      <FormProvider {...form}>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Controller
            control={form.control}
            name="canceled_by"
            render={({ field }) => (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium text-neutral-800">{t('cancel.who')}</legend>
                <RadioGroup
                  label={t('cancel.who')}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={[
                    { value: 'author', label: t('cancel.byAuthor') },
                    { value: 'tourist', label: t('cancel.byTourist') },
                  ]}
                />
              </fieldset>
            )}
          />
          <TextField name="message" label={t('cancel.message')} hint={t('cancel.messageHint')} multiline rows={3} />
          <Controller
            control={form.control}
            name="notify_client"
            render={({ field }) => (
              <div className="flex flex-col gap-1">
                <Checkbox
                  checked={field.value}
                  disabled={!hasEmail}
                  onCheckedChange={(v) => field.onChange(v === true)}
                  label={t('cancel.notify')}
                />
                <p className="ms-7 text-xs text-neutral-500">
                  {hasEmail ? t('cancel.notifyTo', { email: request.customer_email }) : t('cancel.noEmail')}
                </p>
              </div>
            )}
          />
        </form>
      </FormProvider>
    </div>
  );
}

/**
 * Cancelling a request: first what it costs now (cancel-request-popup-data: the penalty rows and
 * the one that applies, the days before the start, the penalty and the refund, the terms and
 * actual expenses), then the message, whether the client is told, and who asked.
 */
export function CancelRequestModal({
  request,
  open,
  onClose,
}: {
  request: BookingRequest;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const quote = useCancelQuote(request.request_id, open);
  const cancel = useCancelRequest();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      width="form"
      title={t('cancel.title', { id: request.request_id })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" form={FORM_ID} variant="danger" loading={cancel.isPending} disabled={!quote.data}>
            {t('cancel.submit')}
          </Button>
        </>
      }
    >
      {quote.isPending ? (
        <LoadingState />
      ) : quote.isError ? (
        <QueryErrorState error={quote.error} onRetry={() => void quote.refetch()} />
      ) : (
        <CancelForm request={request} quote={quote.data} onDone={onClose} cancel={cancel} />
      )}
    </Modal>
  );
}
