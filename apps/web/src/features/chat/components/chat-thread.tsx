import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@tourdesk/ui';
import type { ChatMessage } from '@tourdesk/contract/entities/chat';
import { QueryErrorState } from '../../../components/query-error-state';
import { useThreadItems, useThreadMessages, useThreadSender, type ThreadItem } from '../api/chat-messages';
import type { ThreadSource } from '../thread-source';
import { Composer } from './composer';
import { MessageList } from './message-list';

const useDocumentVisible = (): boolean => {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
};

/** The newest message of the other side this side has not read (0: none). */
const newestUnread = (items: ThreadItem[]): number => {
  let newest = 0;
  for (const item of items)
    if (item.kind === 'message' && !item.mine && !item.message.is_read && item.message.id > newest)
      newest = item.message.id;
  return newest;
};

/**
 * Marks the chat read while it is open and the tab is visible: when it opens with unread messages,
 * when one comes in, and when the tab comes back. One call at a time; a failed one is tried again
 * with the next message or visit.
 */
const useMarkAsRead = (source: ThreadSource, items: ThreadItem[]) => {
  const visible = useDocumentVisible();
  const unread = newestUnread(items);
  const done = useRef(0);
  const busy = useRef(false);
  useEffect(() => {
    if (!visible || unread === 0 || unread <= done.current || busy.current) return;
    busy.current = true;
    source
      .markAsRead()
      .then(
        () => {
          done.current = Math.max(done.current, unread);
        },
        () => undefined,
      )
      .finally(() => {
        busy.current = false;
      });
  }, [visible, unread, source]);
  useEffect(() => {
    if (!visible) done.current = 0;
  }, [visible]);
};

export interface ChatThreadProps {
  source: ThreadSource;
  /** the chat's header (who, about what) */
  header: ReactNode;
  frozen: boolean;
  /** names above the other side's messages */
  showAuthors?: boolean;
  /** what else shows a message this side sent (the chat list) */
  onSent?: (message: ChatMessage) => void;
}

/** One chat: its header, its messages (older ones on scroll up), and the composer. */
export function ChatThread({ source, header, frozen, showAuthors = false, onSent }: ChatThreadProps) {
  const { t } = useTranslation('chat');
  const messages = useThreadMessages(source);
  const sender = useThreadSender(source, onSent);
  const items = useThreadItems(source, messages.data);
  useMarkAsRead(source, items);

  return (
    <section aria-label={t('thread.label')} className="flex h-full min-h-0 flex-col">
      {header}
      {messages.isPending ? (
        <LoadingState className="flex-1" />
      ) : messages.isError && !messages.data ? (
        <div className="flex-1 p-4">
          <QueryErrorState error={messages.error} onRetry={() => void messages.refetch()} />
        </div>
      ) : (
        <MessageList
          items={items}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
          onRetry={sender.retry}
          onDiscard={sender.discard}
          showAuthors={showAuthors}
          emptyText={t('thread.empty')}
        />
      )}
      <Composer
        draftKey={`${String(source.messagesKey.join(':'))}`}
        frozen={frozen}
        upload={source.upload}
        onSend={(text, file) => sender.send(source.chatId, text, file)}
      />
    </section>
  );
}
