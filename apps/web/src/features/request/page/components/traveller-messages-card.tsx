import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Field, Modal, Select, Spinner, cn, toast } from '@tourdesk/ui';
import { Mail, MessageCircle, Send } from 'lucide-react';
import type { TravellerMessage } from '@tourdesk/contract/api/traveller-message';
import {
  RESENDABLE_TRAVELLER_MESSAGE_KINDS,
  type TravellerMessageKind,
  type TravellerMessageStatus,
} from '@tourdesk/contract/api/traveller-message-routes';
import { LANGUAGES } from '@tourdesk/contract/entities/user-values';
import type { Language } from '@tourdesk/contract/entities/user';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { useApiErrorToast } from '../../../../lib/form-errors';
import {
  isOnItsWay,
  useSendTravellerMessageAgain,
  useSetTravellerLanguage,
  useTravellerMessages,
} from '../api/request-traveller-messages';
import { useRequestFormat } from '../request-format';
import { TravellerMessageViewModal } from './traveller-message-view-modal';

const TONE: Record<TravellerMessageStatus, string> = {
  queued: 'bg-neutral-100 text-neutral-800 ring-neutral-200',
  sent: 'bg-success-50 text-success-800 ring-success-200',
  opened: 'bg-primary-50 text-primary-800 ring-primary-200',
  stored: 'bg-neutral-100 text-neutral-800 ring-neutral-200',
  retrying: 'bg-warning-50 text-warning-800 ring-warning-200',
  failed: 'bg-danger-50 text-danger-800 ring-danger-200',
};

function MessageStatusBadge({ status }: { status: TravellerMessageStatus }) {
  const { t } = useTranslation('messages');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONE[status],
      )}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

/** One message on the timeline; its kind's name opens it (the whole item is the target). */
function TimelineItem({
  message,
  currency,
  onOpen,
}: {
  message: TravellerMessage;
  currency: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('messages');
  const format = useRequestFormat(currency);
  const at = message.opened_at ?? message.sent_at ?? message.created_at;
  const ChannelIcon = message.channel === 'email' ? Mail : MessageCircle;
  return (
    <li className="relative rounded-lg border-s-2 border-neutral-200 ps-4 hover:bg-neutral-50">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={onOpen}
          className="text-start text-sm font-semibold text-neutral-900 after:absolute after:inset-0 hover:text-primary-700 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-primary-500"
        >
          {t(`kinds.${message.kind}.name`)}
        </button>
        <MessageStatusBadge status={message.status} />
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-xs text-neutral-600">
        <ChannelIcon size={14} className="shrink-0 text-neutral-400" aria-hidden="true" />
        <span className="min-w-0 break-words">
          {t(`channels.${message.channel}`)}
          {' · '}
          {t('timeline.to', { name: message.recipient_name, recipient: message.recipient })}
        </span>
      </p>
      <p className="mt-0.5 text-xs text-neutral-600">
        <time dateTime={at}>{format.moment(at)}</time>
        {message.sent_by_name !== null && (
          <>
            {' · '}
            {/* a member since removed has no name left */}
            {message.sent_by_name
              ? t('timeline.sentAgainBy', { name: message.sent_by_name })
              : t('timeline.sentAgainByHand')}
          </>
        )}
      </p>
      {message.error && (message.status === 'failed' || message.status === 'retrying') && (
        <p className="mt-0.5 text-xs break-words text-danger-700">{t('timeline.error', { error: message.error })}</p>
      )}
    </li>
  );
}

/** "Messages in": the language the request's travellers are written to, chosen or the organizer's default. */
function LanguageSelect({ requestId, language, chosen }: { requestId: number; language: Language; chosen: boolean }) {
  const { t } = useTranslation('messages');
  const toastApiError = useApiErrorToast();
  const set = useSetTravellerLanguage(requestId);
  return (
    <Field label={t('timeline.language')} hint={chosen ? t('timeline.languageChosen') : t('timeline.languageDefault')}>
      <Select
        options={LANGUAGES.map((l) => ({ value: l, text: t(`languages.${l}`) }))}
        value={set.isPending ? set.variables : language}
        disabled={set.isPending}
        onChange={(value) =>
          value !== null &&
          (value !== language || !chosen) &&
          set.mutate(value as Language, {
            onSuccess: (list) =>
              toast.success(t('timeline.languageSaved', { language: t(`languages.${list.language}`) })),
            onError: toastApiError,
          })
        }
      />
    </Field>
  );
}

/** Choose a kind, confirm, and it goes out once more now. */
function SendAgain({ requestId }: { requestId: number }) {
  const { t } = useTranslation('messages');
  const toastApiError = useApiErrorToast();
  const [kind, setKind] = useState<TravellerMessageKind | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useSendTravellerMessageAgain(requestId, {
    onSuccess: ({ items }) => {
      toast.success(t('timeline.sentAgain', { count: items.length }));
      setConfirming(false);
      setKind(null);
    },
  });
  const name = kind ? t(`kinds.${kind}.name`) : '';
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field label={t('timeline.sendAgainKind')} className="min-w-0 flex-1">
        <Select
          options={RESENDABLE_TRAVELLER_MESSAGE_KINDS.map((k) => ({ value: k, text: t(`kinds.${k}.name`) }))}
          value={kind}
          placeholder={t('timeline.sendAgainKindPlaceholder')}
          onChange={(value) => setKind(value as TravellerMessageKind | null)}
        />
      </Field>
      <Button variant="outline" disabled={kind === null} onClick={() => setConfirming(true)}>
        <Send size={16} aria-hidden="true" />
        {t('timeline.sendAgain')}
      </Button>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        width="dialog"
        title={t('timeline.confirmTitle', { name })}
        description={t('timeline.confirmText')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('timeline.cancel')}
            </Button>
            <Button loading={send.isPending} onClick={() => kind && send.mutate({ kind }, { onError: toastApiError })}>
              {t('timeline.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}

/**
 * The request's messages to its travellers: every one sent (newest first) with its channel,
 * recipient and how it went, each one click from the rendered message; the language they are
 * written in; and a kind sent again by hand. While one is on its way the list is read every 5 s.
 */
export function TravellerMessagesCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('messages');
  const requestId = request.request_id;
  const changedAt =
    request.updated_at ??
    request.history.reduce<string | null>((at, h) => (at === null || h.created_at > at ? h.created_at : at), null);
  const list = useTravellerMessages(requestId, changedAt);
  const titleId = useId();
  const [viewing, setViewing] = useState<{ message: TravellerMessage; open: boolean } | null>(null);
  const items = [...(list.data?.items ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return (
    <Card role="region" aria-labelledby={titleId} title={<span id={titleId}>{t('timeline.title')}</span>}>
      <div className="flex flex-col gap-5">
        {list.isPending ? (
          <Spinner size={20} label={t('view.loading')} className="text-primary-600" />
        ) : list.isError ? (
          <p className="text-sm text-neutral-600" role="alert">
            {t('timeline.loadFailed')}{' '}
            <button
              type="button"
              className="font-medium text-primary-700 underline-offset-2 hover:underline"
              onClick={() => void list.refetch()}
            >
              {t('timeline.retry')}
            </button>
          </p>
        ) : (
          <>
            <LanguageSelect requestId={requestId} language={list.data.language} chosen={list.data.language_chosen} />
            {items.length === 0 ? (
              <EmptyState
                className="py-4"
                icon={<Mail size={24} aria-hidden="true" />}
                title={t('timeline.empty')}
                text={t('timeline.emptyText')}
              />
            ) : (
              <ol aria-label={t('timeline.listLabel')} className="flex flex-col gap-3">
                {items.map((m) => (
                  <TimelineItem
                    key={m.id}
                    message={m}
                    currency={request.currency}
                    onOpen={() => setViewing({ message: m, open: true })}
                  />
                ))}
              </ol>
            )}
            {items.some(isOnItsWay) && <p className="text-xs text-neutral-500">{t('timeline.refreshing')}</p>}
          </>
        )}
        <SendAgain requestId={requestId} />
      </div>
      <TravellerMessageViewModal
        requestId={requestId}
        message={viewing?.message ?? null}
        open={viewing?.open ?? false}
        onOpenChange={(open) => setViewing((v) => v && { ...v, open })}
      />
    </Card>
  );
}
