import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, cn, DropdownMenu, EmptyState, LoadingState } from '@tourdesk/ui';
import { ArrowLeft, ChevronDown, LifeBuoy, MessagesSquare } from 'lucide-react';
import type { Chat } from '@tourdesk/contract/entities/chat';
import { QueryErrorState } from '../../../components/query-error-state';
import { useApiErrorToast } from '../../../lib/form-errors';
import { useChat } from '../api/chat-detail';
import { chatKeys } from '../api/chat-keys';
import { useChatLiveUpdates } from '../api/chat-live-updates';
import { useChatRequests } from '../api/chat-requests';
import { useNoteSentMessage, useOrganizerThreadSource } from '../api/organizer-thread';
import { useOpenSupportChat } from '../api/support-chat';
import type { ChatUpload } from '../thread-source';
import { ChatList, useChatSubject, useChatTitle } from './chat-list';
import { ChatHeading, ChatPicture } from './chat-parts';
import { ChatThread } from './chat-thread';
import { SoundToggle } from './sound-toggle';

export interface SupportSite {
  id: number;
  name: string;
}

/** Opens the chat with a site's support (one site: a button; several: a menu of them). */
function SupportButton({ orgId, sites }: { orgId: number; sites: readonly SupportSite[] }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toastError = useApiErrorToast();
  const open = useOpenSupportChat(orgId);
  if (sites.length === 0) return null;
  const go = (siteId: number) =>
    open.mutate(siteId, {
      onSuccess: ({ id }) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.list(orgId) });
        void navigate(`/${orgId}/chat/${id}`);
      },
      onError: toastError,
    });
  const button = (
    <Button
      size="sm"
      variant="outline"
      loading={open.isPending}
      onClick={sites.length === 1 ? () => go(sites[0]!.id) : undefined}
    >
      <LifeBuoy size={16} aria-hidden="true" />
      {t('support.open')}
      {sites.length > 1 && <ChevronDown size={14} aria-hidden="true" />}
    </Button>
  );
  if (sites.length === 1) return button;
  return (
    <DropdownMenu
      trigger={button}
      align="end"
      items={sites.map((site) => ({ key: String(site.id), label: site.name, onSelect: () => go(site.id) }))}
    />
  );
}

/** The requests a chat is about, as links to their pages. */
function ChatRequests({ orgId, chat }: { orgId: number; chat: Chat }) {
  const { t } = useTranslation('chat');
  const requests = useChatRequests(chat.id, chat.kind === 'tourist' && chat.request_ids.length > 0);
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('thread.requests')} className="flex flex-wrap gap-1.5">
      {items.map((request) => (
        <Link
          key={request.id}
          to={`/${orgId}/bookings/${request.id}`}
          className="inline-flex items-center rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-medium text-primary-700 ring-1 ring-primary-100 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          {t('list.request', { id: request.id })}
          {request.tour && request.tour.id !== chat.tour?.id && (
            <span className="ms-1 font-normal text-primary-600">· {request.tour.name}</span>
          )}
        </Link>
      ))}
    </nav>
  );
}

function ThreadHeader({ orgId, chat }: { orgId: number; chat: Chat }) {
  const { t } = useTranslation('chat');
  const titleOf = useChatTitle();
  const subjectOf = useChatSubject();
  const title = titleOf(chat);
  return (
    <header className="flex items-start gap-3 border-b border-neutral-200 bg-surface px-3 py-3 sm:px-4">
      <Link
        to={`/${orgId}/chat`}
        aria-label={t('thread.back')}
        className="-ms-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500 md:hidden"
      >
        <ArrowLeft size={20} aria-hidden="true" />
      </Link>
      <ChatPicture kind={chat.kind} name={title} size={40} />
      <ChatHeading chat={chat} title={title} subject={chat.tour ? chat.tour.name : subjectOf(chat)}>
        <ChatRequests orgId={orgId} chat={chat} />
      </ChatHeading>
    </header>
  );
}

function OrganizerThread({
  orgId,
  chatId,
  userId,
  upload,
}: {
  orgId: number;
  chatId: number;
  userId: number | null;
  upload: ChatUpload;
}) {
  const { t } = useTranslation('chat');
  const chat = useChat(orgId, chatId);
  const source = useOrganizerThreadSource(orgId, chatId, userId, upload);
  const noteSent = useNoteSentMessage(orgId);
  if (chat.isPending) return <LoadingState className="flex-1" />;
  if (chat.isError && !chat.data)
    return (
      <div className="flex flex-col gap-3 p-4">
        <Link to={`/${orgId}/chat`} className="inline-flex items-center gap-1 text-sm text-primary-700 md:hidden">
          <ArrowLeft size={16} aria-hidden="true" />
          {t('thread.back')}
        </Link>
        <QueryErrorState error={chat.error} onRetry={() => void chat.refetch()} notFound={t('thread.notFound')} />
      </div>
    );
  return (
    <ChatThread
      key={chatId}
      source={source}
      header={<ThreadHeader orgId={orgId} chat={chat.data} />}
      frozen={chat.data.is_frozen}
      frozenBy={chat.data.frozen_by}
      // support answers as several people; a traveller is one, named in the header
      showAuthors={chat.data.kind === 'support'}
      onSent={noteSent}
    />
  );
}

export interface ChatScreenProps {
  orgId: number;
  /** the open chat; null shows the list alone (on a phone) or beside a hint (on a wider screen) */
  chatId: number | null;
  userId: number | null;
  upload: ChatUpload;
  supportSites: readonly SupportSite[];
}

/**
 * /{orgId}/chat and /{orgId}/chat/{id}: the chat list beside the open chat on a wide screen; on a
 * phone the list and the chat are separate screens (the chat has a back button). Every chat
 * event of the organizer updates both live.
 */
export function ChatScreen({ orgId, chatId, userId, upload, supportSites }: ChatScreenProps) {
  const { t } = useTranslation('chat');
  useChatLiveUpdates(orgId);
  return (
    <div
      className={cn(
        '-mx-4 -my-6 flex h-[calc(100dvh-3.5rem)] overflow-hidden bg-surface sm:-mx-6',
        'md:mx-0 md:my-0 md:h-[calc(100dvh-4rem)] md:rounded-2xl md:border md:border-neutral-200 md:shadow-sm',
      )}
    >
      <aside
        aria-label={t('list.label')}
        className={cn(
          'flex w-full min-w-0 flex-col border-neutral-200 md:w-80 md:shrink-0 md:border-e lg:w-96',
          chatId !== null && 'hidden md:flex',
        )}
      >
        <header className="flex items-center gap-2 border-b border-neutral-200 px-4 py-3">
          <h1 className="text-lg font-semibold tracking-tight text-neutral-900">{t('title')}</h1>
          <div className="ms-auto flex items-center gap-1">
            <SoundToggle userId={userId} />
            <SupportButton orgId={orgId} sites={supportSites} />
          </div>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto p-2">
          <ChatList orgId={orgId} />
        </div>
      </aside>
      <div className={cn('min-w-0 flex-1 flex-col', chatId === null ? 'hidden md:flex' : 'flex')}>
        {/* on a phone the open chat is its own screen: the list and its heading are hidden */}
        {chatId !== null && <h1 className="sr-only md:hidden">{t('title')}</h1>}
        {chatId === null ? (
          <div className="flex flex-1 items-center justify-center bg-neutral-50">
            <EmptyState
              icon={<MessagesSquare size={32} strokeWidth={1.6} />}
              title={t('thread.noneTitle')}
              text={t('thread.noneText')}
            />
          </div>
        ) : (
          <OrganizerThread key={chatId} orgId={orgId} chatId={chatId} userId={userId} upload={upload} />
        )}
      </div>
    </div>
  );
}
