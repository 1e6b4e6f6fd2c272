import { useEffect, useRef, type ReactNode } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, cn, EmptyState, LoadingState } from '@tourdesk/ui';
import { CheckCheck, MessagesSquare } from 'lucide-react';
import type { Chat } from '@tourdesk/contract/entities/chat';
import { QueryErrorState } from '../../../components/query-error-state';
import { flattenChats } from '../api/chat-cache';
import { useChatList } from '../api/chat-list';
import { messagePreview } from '../format';
import { ChatPicture, ChatRowText } from './chat-parts';

/** A chat's name in the list and its header: the traveller, or the site's support. */
export const useChatTitle = () => {
  const { t } = useTranslation('chat');
  return (chat: Pick<Chat, 'kind' | 'title' | 'site' | 'traveller'>): string => {
    if (chat.kind === 'support') return t('support.title', { site: chat.site?.name ?? chat.title });
    return chat.traveller?.name || chat.title || t('list.unnamed');
  };
};

/** What a chat is about, in a line: the tour and the requests. */
export const useChatSubject = () => {
  const { t } = useTranslation('chat');
  return (chat: Pick<Chat, 'kind' | 'tour' | 'request_ids'>): string => {
    if (chat.kind === 'support') return t('support.subtitle');
    // the request numbers first: a long tour name is what gets cut
    const parts: string[] = [];
    if (chat.request_ids.length > 0) parts.push(chat.request_ids.map((id) => t('list.request', { id })).join(', '));
    if (chat.tour) parts.push(chat.tour.name);
    return parts.join(' · ') || t('list.noSubject');
  };
};

function ChatListItem({ chat, orgId }: { chat: Chat; orgId: number }) {
  const { t } = useTranslation('chat');
  const titleOf = useChatTitle();
  const subjectOf = useChatSubject();
  const title = titleOf(chat);
  const last = chat.last_message;
  return (
    <NavLink
      to={`/${orgId}/chat/${chat.id}`}
      className={({ isActive }) =>
        cn(
          'flex gap-3 rounded-xl px-3 py-3 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-500',
          isActive ? 'bg-primary-50 ring-1 ring-primary-100' : 'hover:bg-neutral-100',
        )
      }
      data-testid={`chat-item-${chat.id}`}
    >
      <ChatPicture kind={chat.kind} name={title} size={44} />
      <ChatRowText
        title={title}
        subject={subjectOf(chat)}
        updatedAt={chat.updated_at}
        unread={chat.unread_count}
        lastMessage={
          last && (
            <>
              {last.type === 'output' && (
                <span className="text-neutral-600">
                  {last.is_read && <CheckCheck size={14} className="me-1 inline align-[-2px]" aria-hidden="true" />}
                  {t('list.you')}{' '}
                </span>
              )}
              {messagePreview(last, t)}
            </>
          )
        }
      />
    </NavLink>
  );
}

/** An infinite list of chats by offset, as useInfiniteQuery gives it. */
interface ChatPagesQuery<C extends Chat> {
  data: InfiniteData<{ items: C[]; total: number; offset: number; limit: number }> | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list of chats, the last written to first, 20 at a time: the next ones load as the end of the
 * list scrolls into view (or with the button, by keyboard); loading, failed and empty states.
 */
export function ChatListFrame<C extends Chat>({
  list,
  label,
  emptyTitle,
  emptyText,
  renderItem,
}: {
  list: ChatPagesQuery<C>;
  label: string;
  emptyTitle: string;
  emptyText: string;
  renderItem: (chat: C) => ReactNode;
}) {
  const { t } = useTranslation('chat');
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) return <LoadingState />;
  if (list.isError && !list.data)
    return (
      <div className="p-3">
        <QueryErrorState error={list.error} onRetry={() => void list.refetch()} />
      </div>
    );
  const chats = flattenChats(list.data);
  if (chats.length === 0)
    return <EmptyState icon={<MessagesSquare size={28} strokeWidth={1.75} />} title={emptyTitle} text={emptyText} />;
  return (
    <div className="flex flex-col">
      <ul aria-label={label} className="flex flex-col gap-0.5">
        {chats.map((chat) => (
          <li key={chat.id}>{renderItem(chat)}</li>
        ))}
      </ul>
      {hasNextPage && (
        <div ref={sentinel} className="flex justify-center py-3">
          <Button size="sm" variant="ghost" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The organizer's chats: who, about what, the last message and the unread marks. */
export function ChatList({ orgId }: { orgId: number }) {
  const { t } = useTranslation('chat');
  return (
    <ChatListFrame
      list={useChatList(orgId)}
      label={t('list.label')}
      emptyTitle={t('list.emptyTitle')}
      emptyText={t('list.emptyText')}
      renderItem={(chat) => <ChatListItem chat={chat} orgId={orgId} />}
    />
  );
}
