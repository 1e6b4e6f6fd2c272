import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@tourdesk/ui';
import type { ChatMessage } from '@tourdesk/contract/entities/chat';
import { QueryErrorState } from '../../../components/query-error-state';
import { useThreadItems, useThreadMessages, useThreadSender, type ThreadItem } from '../api/chat-messages';
import type { ThreadSource } from '../thread-source';
import { Composer } from './composer';
import { MessageList, type MessageActions } from './message-list';

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
  // a message that came in while a call was on its way is marked when that call succeeds
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    if (!visible || unread === 0 || unread <= done.current || busy.current) return;
    busy.current = true;
    source.markAsRead().then(
      () => {
        busy.current = false;
        done.current = Math.max(done.current, unread);
        setSettled((n) => n + 1);
      },
      () => {
        busy.current = false;
      },
    );
  }, [visible, unread, source, settled]);
  useEffect(() => {
    if (!visible) done.current = 0;
  }, [visible]);
};

export interface ChatThreadProps {
  source: ThreadSource;
  /** the chat's header (who, about what) */
  header: ReactNode;
  frozen: boolean;
  /** who froze it (support's operator) */
  frozenBy?: string | null;
  /** names above the other side's messages */
  showAuthors?: boolean;
  /** what else shows a message this side sent (the chat list) */
  onSent?: (message: ChatMessage) => void;
  /** shown instead of the composer: this side reads the chat but does not write in it */
  readOnly?: ReactNode;
  /** what can be done with a message (support: edit, delete, moderate), under its bubble */
  messageActions?: MessageActions;
  /** a moderated message's text still shows, marked as hidden (support sees what it hid) */
  revealModerated?: boolean;
}

/** One chat: its header, its messages (older ones on scroll up), and the composer. */
export function ChatThread({
  source,
  header,
  frozen,
  frozenBy = null,
  showAuthors = false,
  onSent,
  readOnly,
  messageActions,
  revealModerated = false,
}: ChatThreadProps) {
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
          messageActions={messageActions}
          revealModerated={revealModerated}
        />
      )}
      {readOnly ?? (
        <Composer
          draftKey={`${String(source.messagesKey.join(':'))}`}
          frozen={frozen}
          frozenBy={frozenBy}
          upload={source.upload}
          onSend={(text, file) => sender.send(source.chatId, text, file)}
        />
      )}
    </section>
  );
}
