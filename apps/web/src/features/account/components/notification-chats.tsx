import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, toast } from '@tourdesk/ui';
import { BellOff, MessageCircle, Send } from 'lucide-react';
import { toastApiError } from '../../../lib/form-errors';
import { useRealtimeEvent } from '../../../lib/socket/realtime-context';
import { useDisableNotifications, useNotificationChats } from '../api/notification-chats';
import { MessengerSubscribe } from './messenger-subscribe';

/** Messenger chats that get notifications (telegram first), each can be turned off; a Telegram code adds one. */
export function NotificationChats() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const chats = useNotificationChats();
  // a connection code is made only when asked for
  const [connecting, setConnecting] = useState(false);
  const disable = useDisableNotifications({ onSuccess: () => toast.success(t('notifications.disabled')) });
  useRealtimeEvent('crm_user_chat_notifications_enabled', () => void chats.refetch());

  return (
    <div className="flex flex-col gap-4">
      {chats.isPending ? (
        <div className="flex justify-center py-4 text-primary-600">
          <Spinner label={tc('app.loading')} />
        </div>
      ) : chats.isError ? (
        <p role="alert" className="text-sm text-danger-600">
          {tc('errors.server')}
        </p>
      ) : chats.data.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('notifications.empty')}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200"
          aria-label={t('notifications.listLabel')}
        >
          {chats.data.map((chat) => (
            <li key={chat.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="flex min-w-0 items-center gap-3">
                <MessageCircle size={18} className="shrink-0 text-primary-600" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-neutral-900">
                    {chat.chat_name || chat.chat_id}
                  </span>
                  <span className="block text-xs text-neutral-500">{t(`messengers.${chat.source_type}`)}</span>
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={t('notifications.disableChat', { name: chat.chat_name || chat.chat_id })}
                loading={disable.isPending && disable.variables === chat.id}
                onClick={() => disable.mutate(chat.id, { onError: (error) => toastApiError(error, tc) })}
              >
                <BellOff size={14} aria-hidden="true" />
                {t('notifications.disable')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {connecting ? (
        <MessengerSubscribe source="telegram" onCheck={() => void chats.refetch()} isChecking={chats.isFetching} />
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setConnecting(true)}>
          <Send size={15} aria-hidden="true" />
          {t('notifications.connect', { messenger: t('messengers.telegram') })}
        </Button>
      )}
    </div>
  );
}
