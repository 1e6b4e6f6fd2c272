import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Spinner } from '@tourdesk/ui';
import { Inbox, RefreshCw } from 'lucide-react';
import { isApiError } from '../../../lib/api/api-error';
import { useDebugOutbox, type DebugOutbox } from '../api/get-debug-outbox';

type OutboxItem = DebugOutbox['items'][number];

const STATUS_STYLE: Record<string, string> = {
  sent: 'bg-success-50 text-success-700 ring-success-100',
  failed: 'bg-danger-50 text-danger-700 ring-danger-100',
  queued: 'bg-warning-50 text-warning-800 ring-warning-100',
  sending: 'bg-warning-50 text-warning-800 ring-warning-100',
};

/** How a message's delivery stands: its status, the attempts, the next try, why the last one failed. */
function DeliveryCell({ item, format }: { item: OutboxItem; format: Intl.DateTimeFormat }) {
  const { t } = useTranslation('debug');
  const known = ['stored', 'queued', 'sending', 'sent', 'failed'].includes(item.status);
  const gaveUp = item.status === 'failed' && !item.next_attempt_at;
  return (
    <div className="flex flex-col items-start gap-1">
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${
          STATUS_STYLE[item.status] ?? 'bg-neutral-50 text-neutral-700 ring-neutral-200'
        }`}
      >
        {gaveUp
          ? t('delivery.gaveUp', { count: item.attempts })
          : known
            ? t(`delivery.status.${item.status}`)
            : item.status}
      </span>
      {item.attempts > 1 || (item.status === 'failed' && !gaveUp) ? (
        <span className="text-xs text-neutral-500">{t('delivery.attempts', { count: item.attempts })}</span>
      ) : null}
      {item.next_attempt_at && item.status !== 'sending' ? (
        <span className="text-xs text-neutral-600">
          {t('delivery.nextTry', { time: format.format(new Date(item.next_attempt_at)) })}
        </span>
      ) : null}
      {item.last_error && item.status !== 'sent' ? (
        <span className="text-xs break-words text-danger-700">
          {t('delivery.lastError', { error: item.last_error })}
        </span>
      ) : null}
    </div>
  );
}

/** The outbox of outgoing messages (e-mail, SMS, messengers) written instead of real delivery. */
export function OutboxTable() {
  const { t, i18n } = useTranslation('debug');
  const outbox = useDebugOutbox();
  const items = outbox.data?.items ?? [];
  // 403: not the server's own machine; 404: a production server
  const refusal = isApiError(outbox.error) && [403, 404].includes(outbox.error.status) ? outbox.error.status : null;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Card
      title={<span id="outbox-title">{t('outbox')}</span>}
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
          aria-label={t('refresh')}
        >
          <RefreshCw size={14} aria-hidden="true" className="me-1.5" />
          {t('refresh')}
        </Button>
      }
    >
      <p className="-mt-2 mb-4 text-sm text-neutral-600">{t('outboxText')}</p>
      {outbox.isPending ? (
        <div className="flex justify-center py-8 text-primary-600">
          <Spinner />
        </div>
      ) : refusal ? (
        // the outbox holds sign-in codes: the server shows it to its own machine only
        <p role="status" className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-700">
          {refusal === 403 ? t('outboxRefused') : t('outboxOff')}
        </p>
      ) : outbox.isError ? (
        <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
          {t('loadFailed', { message: outbox.error.message })}
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon={<Inbox size={32} strokeWidth={1.5} />} title={t('outboxEmpty')} text={t('outboxEmptyText')} />
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table aria-labelledby="outbox-title" className="w-full min-w-[54rem] text-left text-sm">
            <thead className="border-y border-neutral-200 bg-neutral-50 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2.5">
                  {t('columns.time')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('columns.channel')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('columns.recipient')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('columns.subject')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('columns.body')}
                </th>
                <th scope="col" className="px-5 py-2.5">
                  {t('delivery.column')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {items.map((item) => (
                <tr key={item.id} className="align-top hover:bg-neutral-50">
                  <td className="px-5 py-3 whitespace-nowrap text-neutral-500 tabular-nums">
                    {format.format(new Date(item.created_at))}
                  </td>
                  <td className="px-3 py-3">
                    <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-700 ring-1 ring-primary-100">
                      {item.channel}
                    </span>
                  </td>
                  <td className="px-3 py-3 font-medium break-all text-neutral-900">{item.recipient}</td>
                  <td className="px-3 py-3 text-neutral-700">{item.subject ?? '—'}</td>
                  <td className="max-w-xs px-3 py-3 text-neutral-600">
                    <p className="line-clamp-3 whitespace-pre-line">{item.body}</p>
                  </td>
                  <td className="w-52 min-w-[12rem] px-5 py-3">
                    <DeliveryCell item={item} format={format} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
