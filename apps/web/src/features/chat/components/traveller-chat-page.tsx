import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Avatar, EmptyState, LoadingState, toast } from '@tourdesk/ui';
import { Copy, Link2Off } from 'lucide-react';
import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import { chatChannel } from '@tourdesk/contract/realtime-values';
import type { TravellerChat } from '@tourdesk/contract/entities/chat';
import { QueryErrorState } from '../../../components/query-error-state';
import { isApiError } from '../../../lib/api/api-error';
import { getCookie } from '../../../lib/cookies';
import { isLanguage, languageOfLink } from '../../../lib/i18n/i18n';
import { notificationSound, useChatSoundSetting } from '../../../lib/notification-sound';
import { createRealtimeClient, type RealtimeClient } from '../../../lib/socket/realtime-client';
import { RealtimeProvider, useRealtimeEvent } from '../../../lib/socket/realtime-context';
import { tabAttention } from '../../../lib/tab-attention';
import { noteOtherSideRead, patchMessages, upsertMessage, type MessagePages } from '../api/chat-cache';
import { chatKeys } from '../api/chat-keys';
import { getTravellerChannels, useTravellerChat, useTravellerThreadSource } from '../api/traveller-chat';
import { FrozenBadge } from './chat-parts';
import { ChatThread } from './chat-thread';
import { SoundToggle } from './sound-toggle';

/**
 * A traveller opening the link has usually never used the app: with no language chosen before,
 * the page follows the browser's languages (without storing that), as the questionnaire does.
 */
const useBrowserLanguage = () => {
  const { i18n } = useTranslation();
  useEffect(() => {
    let stored: string | null;
    try {
      stored = window.localStorage.getItem('language');
    } catch {
      stored = null;
    }
    // the link's own language (a message's link), or one chosen earlier, is kept
    if (languageOfLink() || isLanguage(stored) || isLanguage(getCookie(COOKIE_NAMES.language))) return;
    const preferred = (navigator.languages ?? [navigator.language])
      .map((tag) => tag.slice(0, 2).toLowerCase())
      .find(isLanguage);
    if (preferred && preferred !== i18n.language) void i18n.changeLanguage(preferred);
  }, [i18n]);
};

/** The chat's events on its channel, as the traveller's page shows them. */
function TravellerLiveUpdates({ token, chatId }: { token: string; chatId: number }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [soundOn] = useChatSoundSetting(null);
  const ours = (channel: string) => channel === chatChannel(chatId);
  const setMessages = (fn: (data: MessagePages | undefined) => MessagePages | undefined) =>
    queryClient.setQueryData<MessagePages>(chatKeys.travellerMessages(token), fn);
  const setChat = (fn: (chat: TravellerChat) => TravellerChat) =>
    queryClient.setQueryData<TravellerChat>(chatKeys.travellerDetail(token), (chat) => (chat ? fn(chat) : chat));

  useRealtimeEvent('new_message', ({ message }, { channel }) => {
    if (!ours(channel)) return;
    setMessages((data) => upsertMessage(data, message));
    if (message.author === 'traveller') return;
    tabAttention().notify((n) => `(${n}) ${t('attention.title', { count: n })}`);
    if (soundOn) notificationSound().play();
  });
  const replace = ({ message }: { message: Parameters<typeof upsertMessage>[1] }, channel: string) => {
    if (ours(channel)) setMessages((data) => patchMessages(data, (m) => (m.id === message.id ? message : m)));
  };
  useRealtimeEvent('message_was_edit', (payload, { channel }) => replace(payload, channel));
  useRealtimeEvent('message_was_moderated', (payload, { channel }) => replace(payload, channel));
  useRealtimeEvent('message_was_deleted', (payload, { channel }) => replace(payload, channel));
  useRealtimeEvent('chat_is_read', ({ reader, last_read_id: lastRead }, { channel }) => {
    // the organizer read the traveller's messages: their ticks turn double
    if (!ours(channel) || reader === 'traveller') return;
    noteOtherSideRead(queryClient, chatKeys.travellerMessages(token), lastRead);
    setMessages((data) =>
      patchMessages(data, (m) =>
        m.author === 'traveller' && !m.is_read && m.id <= lastRead ? { ...m, is_read: true } : m,
      ),
    );
  });
  useRealtimeEvent('chat_is_frozen', ({ is_frozen: frozen }, { channel }) => {
    if (ours(channel)) setChat((chat) => ({ ...chat, is_frozen: frozen }));
  });
  useRealtimeEvent('attachment_download_status_was_changed', (payload, { channel }) => {
    if (!ours(channel)) return;
    setMessages((data) =>
      patchMessages(data, (m) =>
        m.id === payload.message_id && m.file?.id === payload.file_id
          ? { ...m, file: { ...m.file, download_status: payload.download_status } }
          : m,
      ),
    );
  });
  return null;
}

function TravellerThread({
  token,
  chat,
  realtimeClient,
}: {
  token: string;
  chat: TravellerChat;
  realtimeClient?: RealtimeClient;
}) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const source = useTravellerThreadSource(token, chat.id);
  // the page's own socket: the traveller has no account, the link's token opens the chat's channel
  const [realtime] = useState(
    () =>
      realtimeClient ??
      createRealtimeClient({
        fetchChannels: () => getTravellerChannels(token),
        onReconnect: () => void queryClient.invalidateQueries({ queryKey: chatKeys.traveller(token) }),
      }),
  );
  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, [realtime]);

  const copyLink = () => {
    void navigator.clipboard?.writeText(window.location.href).then(
      () => toast.success(t('traveller.copied')),
      () => undefined,
    );
  };

  const header = (
    <header className="flex flex-wrap items-start gap-3 border-b border-neutral-200 bg-surface px-4 py-3">
      <Avatar name={chat.organizer.name} size={40} />
      <div className="min-w-0 flex-1">
        <h1 className="text-base font-semibold break-words text-neutral-900">
          {t('traveller.title', { organizer: chat.organizer.name })}
        </h1>
        {chat.tour && (
          <p className="truncate text-xs text-neutral-600">{t('traveller.about', { tour: chat.tour.name })}</p>
        )}
        {chat.is_frozen && (
          <div className="mt-1">
            <FrozenBadge />
          </div>
        )}
      </div>
      <div className="flex items-center gap-1">
        <SoundToggle userId={null} />
        <button
          type="button"
          onClick={copyLink}
          aria-label={t('traveller.copyLink')}
          title={t('traveller.copyLink')}
          className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          <Copy size={17} aria-hidden="true" />
        </button>
      </div>
      <p className="w-full text-xs text-neutral-600">{t('traveller.keepLink')}</p>
    </header>
  );

  return (
    <RealtimeProvider client={realtime}>
      <TravellerLiveUpdates token={token} chatId={chat.id} />
      <ChatThread source={source} header={header} frozen={chat.is_frozen} />
    </RealtimeProvider>
  );
}

/**
 * /traveller-chat/:token (public): a traveller's chat with an organizer through the link they were
 * given, without an account — the messages, live, and the composer with attachments.
 */
export function TravellerChatPage({ realtimeClient }: { realtimeClient?: RealtimeClient } = {}) {
  const { token = '' } = useParams();
  const { t } = useTranslation('chat');
  useBrowserLanguage();
  const chat = useTravellerChat(token);

  let body;
  if (chat.isPending) body = <LoadingState className="flex-1" />;
  else if (chat.isError && !chat.data) {
    const gone = isApiError(chat.error) && (chat.error.status === 404 || chat.error.status === 422);
    body = gone ? (
      <EmptyState
        className="flex-1"
        icon={<Link2Off size={28} aria-hidden="true" />}
        title={t('traveller.invalidTitle')}
        text={t('traveller.invalidText')}
      />
    ) : (
      <div className="p-4">
        <QueryErrorState error={chat.error} onRetry={() => void chat.refetch()} />
      </div>
    );
  } else body = <TravellerThread token={token} chat={chat.data} realtimeClient={realtimeClient} />;

  return (
    <div className="-mx-4 -my-8 flex h-[calc(100dvh-4rem)] flex-col overflow-hidden bg-surface sm:mx-auto sm:my-0 sm:h-[calc(100dvh-8rem)] sm:max-w-3xl sm:rounded-2xl sm:border sm:border-neutral-200 sm:shadow-sm md:h-[calc(100dvh-9rem)]">
      {body}
    </div>
  );
}
