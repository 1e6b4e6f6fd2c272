import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { notificationSound, useChatSoundSetting } from '../../../lib/notification-sound';
import { useRealtimeEvent } from '../../../lib/socket/realtime-context';
import { tabAttention } from '../../../lib/tab-attention';
import { chatKeys } from '../api/chat-keys';
import { useUnreadCount } from '../api/unread-count';

/**
 * What every organizer screen does about chats, mounted once by the layout: the unread count
 * before the tab's title ("(3) Chats · Tourdesk") and kept live; on a new message from a traveller
 * or support, or a new chat, the hidden tab's title and favicon alternate (SPEC §4) and the sound
 * plays unless the user turned it off.
 */
export function ChatAttention({ orgId, userId }: { orgId: number; userId: number | null }) {
  const { t } = useTranslation('chat', { useSuspense: false });
  const queryClient = useQueryClient();
  const unread = useUnreadCount(orgId);
  const count = unread.data?.count ?? 0;
  const [soundOn] = useChatSoundSetting(userId);

  useEffect(() => {
    tabAttention().setUnreadCount(count);
  }, [count]);
  useEffect(() => () => tabAttention().setUnreadCount(0), []);

  const refreshCount = (channel: string) => {
    if (channel === organizerChannel(orgId))
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount(orgId) });
  };
  const attend = () => {
    tabAttention().notify((n) => `(${n}) ${t('attention.title', { count: n })}`);
    if (soundOn) notificationSound().play();
  };

  useRealtimeEvent('new_message', (payload, { channel }) => {
    // the organizer's own messages (this user's or a colleague's) call for no one's attention
    if (payload.message.type === 'output') return;
    refreshCount(channel);
    attend();
  });
  useRealtimeEvent('chat_created', (_payload, { channel }) => {
    refreshCount(channel);
    attend();
  });
  useRealtimeEvent('chat_is_read', (_payload, { channel }) => refreshCount(channel));
  useRealtimeEvent('message_was_deleted', (_payload, { channel }) => refreshCount(channel));
  useRealtimeEvent('message_was_moderated', (_payload, { channel }) => refreshCount(channel));
  return null;
}
