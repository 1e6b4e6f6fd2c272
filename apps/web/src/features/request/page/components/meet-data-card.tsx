import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Spinner } from '@tourdesk/ui';
import { CircleCheck, Send } from 'lucide-react';
import type { MeetDataSend } from '@tourdesk/contract/api/request-meet-data';
import { MEET_DATA_STATUSES } from '@tourdesk/contract/api/request-meet-data-routes';
import { BOOKING_STATUS } from '@tourdesk/contract/enum-values';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { useMeetDataPreview } from '../api/request-meet-data';
import { useRequestFormat } from '../request-format';
import { MeetDataModal } from './meet-data-modal';

/** Why a request takes no meet data (MEET_DATA_STATUSES), as one short line. */
const blockedReason = (status: number): 'pending' | 'complete' | 'canceled' =>
  status === BOOKING_STATUS.pending_confirm
    ? 'pending'
    : status === BOOKING_STATUS.tour_complete
      ? 'complete'
      : 'canceled';

/** One send: when, by whom, with which template, to whom. */
function SendSummary({ send, currency }: { send: MeetDataSend; currency: string }) {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  const format = useRequestFormat(currency);
  const template = send.template_id === null ? t('templateDeleted', { name: send.template_name }) : send.template_name;
  return (
    <div className="flex gap-2 text-sm">
      <CircleCheck size={18} className="mt-px shrink-0 text-success-600" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium text-neutral-900">
          <time dateTime={send.sent_at}>{t('sentAt', { when: format.moment(send.sent_at) })}</time>
        </p>
        <p className="break-words text-neutral-700">{t('sentTo', { list: send.emails.join(', ') })}</p>
        <p className="text-neutral-600">{t('sentTemplate', { name: template })}</p>
        {send.sent_by_name && <p className="text-neutral-600">{t('sentBy', { name: send.sent_by_name })}</p>}
      </div>
    </div>
  );
}

/**
 * The request's meet data: whether and when it was sent (to whom, with which template), and the
 * button that opens the send dialog — for a confirmed request that is not canceled (2 and 3).
 */
export function MeetDataCard({ orgId, request }: { orgId: number; request: BookingRequest }) {
  const { t } = useTranslation('bookings', { keyPrefix: 'meetData' });
  const [open, setOpen] = useState(false);
  const preview = useMeetDataPreview(request.request_id, null);
  const reasonId = useId();
  const allowed = MEET_DATA_STATUSES.includes(request.status);
  const sends = preview.data?.sends ?? [];
  const [latest, ...earlier] = sends;
  return (
    <Card title={t('title')}>
      <div className="flex flex-col gap-4">
        <div aria-live="polite">
          {preview.isPending ? (
            <Spinner size={20} label={t('loading')} className="text-primary-600" />
          ) : preview.isError ? (
            <p className="text-sm text-neutral-600">
              {t('loadFailed')}{' '}
              <button
                type="button"
                className="font-medium text-primary-700 underline-offset-2 hover:underline"
                onClick={() => void preview.refetch()}
              >
                {t('retry')}
              </button>
            </p>
          ) : latest ? (
            <SendSummary send={latest} currency={request.currency} />
          ) : (
            <p className="text-sm text-neutral-600">{allowed ? t('notSent') : t('notSentShort')}</p>
          )}
        </div>
        {earlier.length > 0 && (
          <details className="group text-sm">
            <summary className="cursor-pointer font-medium text-primary-700">
              {t('earlier', { count: earlier.length })}
            </summary>
            <ul className="mt-2 flex flex-col gap-3 border-s-2 border-neutral-100 ps-3">
              {earlier.map((s) => (
                <li key={s.id}>
                  <SendSummary send={s} currency={request.currency} />
                </li>
              ))}
            </ul>
          </details>
        )}
        <div className="flex flex-col items-start gap-1.5">
          <Button
            variant="outline"
            // a long label (Russian) wraps on a narrow phone rather than leaving the card
            className="h-auto min-h-10 max-w-full whitespace-normal py-2 text-start"
            disabled={!allowed}
            aria-describedby={allowed ? undefined : reasonId}
            onClick={() => setOpen(true)}
          >
            <Send size={16} className="shrink-0" aria-hidden="true" />
            {latest ? t('sendAgain') : t('send')}
          </Button>
          {!allowed && (
            <p id={reasonId} className="text-xs text-neutral-500">
              {t(`blocked.${blockedReason(request.status)}`)}
            </p>
          )}
        </div>
      </div>
      {allowed && <MeetDataModal orgId={orgId} request={request} open={open} onClose={() => setOpen(false)} />}
    </Card>
  );
}
