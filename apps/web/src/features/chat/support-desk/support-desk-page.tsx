import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, cn, DropdownMenu, EmptyState, Field, Modal, Textarea, toast } from '@tourdesk/ui';
import { Eye, EyeOff, Headset, MessagesSquare, MoreHorizontal, Pencil, Snowflake, Sun, Trash2 } from 'lucide-react';
import { operatorChatRoutes } from '@tourdesk/contract/api/chat-routes';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tourdesk/contract/entities/chat-values';
import type { ChatKind } from '@tourdesk/contract/enum-values';
import type { ChatMessage, OperatorChat } from '@tourdesk/contract/entities/chat';
import { useApiErrorToast } from '../../../lib/form-errors';
import { createRealtimeClient } from '../../../lib/socket/realtime-client';
import { RealtimeProvider } from '../../../lib/socket/realtime-context';
import { flattenChats } from '../api/chat-cache';
import { messagePreview } from '../format';
import { ChatHeading, ChatPicture, ChatRowText } from '../components/chat-parts';
import { ChatListFrame } from '../components/chat-list';
import { ChatThread } from '../components/chat-thread';
import { useDeskLiveUpdates } from './desk-live-updates';
import {
  deskKeys,
  type DeskApi,
  useDeleteMessage,
  useDeskChats,
  useDeskThreadSource,
  useEditMessage,
  useFreezeChat,
  useModerateMessage,
} from './support-desk-api';

/** A chat's name on the desk: the organizer and the site, or the traveller and the organizer. */
const useDeskTitle = () => {
  const { t } = useTranslation('chat');
  return (chat: OperatorChat): { title: string; subtitle: string } =>
    chat.kind === 'support'
      ? { title: chat.organizer_name, subtitle: t('desk.supportOf', { site: chat.site?.name ?? chat.title }) }
      : {
          title: chat.traveller?.name || chat.title || t('list.unnamed'),
          subtitle: [t('desk.travellerOf', { organizer: chat.organizer_name }), chat.tour?.name]
            .filter(Boolean)
            .join(' · '),
        };
};

function DeskList({
  desk,
  kind,
  selected,
  onSelect,
}: {
  desk: DeskApi;
  kind: ChatKind;
  selected: number | null;
  onSelect: (chatId: number) => void;
}) {
  const { t } = useTranslation('chat');
  const titleOf = useDeskTitle();
  return (
    <ChatListFrame
      list={useDeskChats(desk, kind)}
      label={t('desk.listLabel')}
      emptyTitle={t('desk.emptyTitle')}
      emptyText={t(kind === 'support' ? 'desk.emptySupport' : 'desk.emptyTourist')}
      renderItem={(chat) => {
        const { title, subtitle } = titleOf(chat);
        return (
          <button
            type="button"
            onClick={() => onSelect(chat.id)}
            aria-current={chat.id === selected ? 'true' : undefined}
            data-testid={`desk-chat-${chat.id}`}
            className={cn(
              'flex w-full gap-3 rounded-xl px-3 py-3 text-start transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-500',
              chat.id === selected ? 'bg-primary-50 ring-1 ring-primary-100' : 'hover:bg-neutral-100',
            )}
          >
            <ChatPicture kind={chat.kind} name={title} size={44} />
            <ChatRowText
              title={title}
              subject={subtitle}
              updatedAt={chat.updated_at}
              unread={kind === 'support' ? chat.unread_count : 0}
              lastMessage={chat.last_message && messagePreview(chat.last_message, t)}
              frozen={chat.is_frozen}
            />
          </button>
        );
      }}
    />
  );
}

/** Edit, hide or show, delete: what support can do with a message. */
function MessageMenu({
  message,
  mine,
  onEdit,
  onDelete,
  onModerate,
}: {
  message: ChatMessage;
  mine: boolean;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onModerate: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation('chat');
  if (message.is_deleted) return null;
  const items = [
    ...(mine && message.text
      ? [{ key: 'edit', label: t('desk.actions.edit'), icon: <Pencil size={15} />, onSelect: () => onEdit(message) }]
      : []),
    {
      key: 'moderate',
      label: message.is_moderated ? t('desk.actions.show') : t('desk.actions.hide'),
      icon: message.is_moderated ? <Eye size={15} /> : <EyeOff size={15} />,
      onSelect: () => onModerate(message),
    },
    {
      key: 'delete',
      label: t('desk.actions.delete'),
      icon: <Trash2 size={15} />,
      danger: true,
      onSelect: () => onDelete(message),
    },
  ];
  return (
    <DropdownMenu
      align={mine ? 'end' : 'start'}
      items={items}
      trigger={
        <button
          type="button"
          aria-label={t('desk.actions.label')}
          data-testid={`message-actions-${message.id}`}
          className="mt-0.5 inline-flex h-6 items-center rounded-md px-1.5 text-neutral-500 hover:bg-neutral-200 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          <MoreHorizontal size={16} aria-hidden="true" />
        </button>
      }
    />
  );
}

function EditMessageModal({
  message,
  busy,
  onSave,
  onClose,
}: {
  message: ChatMessage | null;
  busy: boolean;
  onSave: (text: string) => void;
  onClose: () => void;
}) {
  // the form starts from the message's text each time one is opened
  return message ? (
    <EditMessageForm key={message.id} message={message} busy={busy} onSave={onSave} onClose={onClose} />
  ) : null;
}

function EditMessageForm({
  message,
  busy,
  onSave,
  onClose,
}: {
  message: ChatMessage;
  busy: boolean;
  onSave: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(message.text);
  const trimmed = text.trim();
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('desk.edit.title')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('write.cancel')}
          </Button>
          <Button loading={busy} disabled={trimmed === '' || tooLong} onClick={() => onSave(trimmed)}>
            {t('desk.edit.save')}
          </Button>
        </>
      }
    >
      <Field
        label={t('composer.label')}
        error={
          tooLong
            ? t('composer.counter', { count: text.length, max: CHAT_MESSAGE_MAX_LENGTH })
            : trimmed === ''
              ? t('desk.edit.empty')
              : undefined
        }
      >
        <Textarea value={text} rows={5} onChange={(event) => setText(event.target.value)} />
      </Field>
    </Modal>
  );
}

function DeskThread({ desk, chat }: { desk: DeskApi; chat: OperatorChat }) {
  const { t } = useTranslation('chat');
  const source = useDeskThreadSource(desk, chat);
  const toastError = useApiErrorToast();
  const titleOf = useDeskTitle();
  const { title, subtitle } = titleOf(chat);
  const edit = useEditMessage(desk);
  const remove = useDeleteMessage(desk);
  const moderate = useModerateMessage(desk);
  const freeze = useFreezeChat(desk);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);

  const header = (
    <header className="flex flex-wrap items-start gap-3 border-b border-neutral-200 bg-surface px-4 py-3">
      <ChatPicture kind={chat.kind} name={title} size={40} />
      <ChatHeading chat={chat} title={title} subject={subtitle} />
      {desk.openOrganizer ? (
        <Button size="sm" variant="ghost" onClick={() => desk.openOrganizer?.(chat.organizer_id)}>
          {t('desk.organizerCard')}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="outline"
        loading={freeze.isPending}
        onClick={() => freeze.mutate({ chat_id: chat.id, is_frozen: !chat.is_frozen }, { onError: toastError })}
      >
        {chat.is_frozen ? <Sun size={16} aria-hidden="true" /> : <Snowflake size={16} aria-hidden="true" />}
        {chat.is_frozen ? t('desk.actions.unfreeze') : t('desk.actions.freeze')}
      </Button>
    </header>
  );

  return (
    <>
      <ChatThread
        key={chat.id}
        source={source}
        header={header}
        // support writes in a frozen support chat too (it froze it)
        frozen={false}
        showAuthors
        revealModerated
        readOnly={
          chat.kind === 'tourist' ? (
            <p role="note" className="border-t border-neutral-200 bg-neutral-50 px-4 py-3 text-sm text-neutral-700">
              {t('desk.touristReadOnly')}
            </p>
          ) : undefined
        }
        messageActions={(message, mine) => (
          <MessageMenu
            message={message}
            mine={mine}
            onEdit={setEditing}
            onDelete={setDeleting}
            onModerate={(m) =>
              moderate.mutate({ message_id: m.id, is_moderated: !m.is_moderated }, { onError: toastError })
            }
          />
        )}
      />
      <EditMessageModal
        message={editing}
        busy={edit.isPending}
        onClose={() => setEditing(null)}
        onSave={(text) =>
          editing &&
          edit.mutate(
            { message_id: editing.id, message: text },
            { onSuccess: () => setEditing(null), onError: toastError },
          )
        }
      />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('desk.delete.title')}
        description={t('desk.delete.text')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('write.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    setDeleting(null);
                    toast.success(t('desk.delete.done'));
                  },
                  onError: toastError,
                })
              }
            >
              {t('desk.actions.delete')}
            </Button>
          </>
        }
      />
    </>
  );
}

/**
 * Support's desk (issue 30), inside the operator console: support chats with organizers are
 * answered here (files too); travellers' chats are read and moderated; messages are edited
 * (support's own), hidden or deleted, chats frozen — each seen at once in the organizer's CRM with
 * the operator's name. Live over the operator session's socket (support's channel): it ends with
 * the session. `desk` is the console's session (the shared operator token never reaches the browser).
 */
export function SupportDesk({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kind: ChatKind = params.get('kind') === 'tourist' ? 'tourist' : 'support';
  const selectedId = Number(params.get('chat')) || null;
  // the open chat as the list has it now (frozen, last message): the list's query is the truth
  const chats = useDeskChats(desk, kind);
  const open = flattenChats(chats.data).find((c) => c.id === selectedId) ?? null;
  const [realtime] = useState(() =>
    createRealtimeClient({
      fetchChannels: () => desk.call(operatorChatRoutes.channelsList),
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: deskKeys.all }),
    }),
  );
  useEffect(() => {
    realtime.start();
    return () => {
      realtime.stop();
      queryClient.removeQueries({ queryKey: deskKeys.all });
    };
  }, [realtime, queryClient]);

  const select = (chatId: number) => {
    if (chatId !== selectedId) setParams({ tab: 'support', kind, chat: String(chatId) });
  };

  const kinds: { value: ChatKind; label: string }[] = [
    { value: 'support', label: t('desk.kinds.support') },
    { value: 'tourist', label: t('desk.kinds.tourist') },
  ];

  return (
    <RealtimeProvider client={realtime}>
      <DeskLive />
      <div className="flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-neutral-50">
        <div className="flex flex-wrap items-center gap-3 border-b border-neutral-200 bg-surface px-3 py-2">
          <Headset size={20} className="text-primary-700" aria-hidden="true" />
          <h2 className="text-base font-semibold tracking-tight text-neutral-900">{t('desk.title')}</h2>
          <div role="group" aria-label={t('desk.kinds.label')} className="flex rounded-lg bg-neutral-100 p-0.5">
            {kinds.map((k) => (
              <button
                key={k.value}
                type="button"
                aria-pressed={kind === k.value}
                onClick={() => setParams({ tab: 'support', kind: k.value })}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-500',
                  kind === k.value
                    ? 'bg-surface text-neutral-900 shadow-sm'
                    : 'text-neutral-600 hover:text-neutral-900',
                )}
              >
                {k.label}
              </button>
            ))}
          </div>
        </div>
        <div className="flex min-h-0 flex-1">
          <section
            aria-label={t('desk.listLabel')}
            className={cn(
              'flex w-full min-w-0 flex-col border-e border-neutral-200 bg-surface md:w-96 md:shrink-0',
              open && 'hidden md:flex',
            )}
          >
            <div className="min-h-0 flex-1 overflow-y-auto p-2">
              <DeskList desk={desk} kind={kind} selected={selectedId} onSelect={select} />
            </div>
          </section>
          <div className={cn('min-w-0 flex-1 flex-col bg-surface', open ? 'flex' : 'hidden md:flex')}>
            {open ? (
              <>
                <div className="border-b border-neutral-200 px-3 py-1.5 md:hidden">
                  <Button size="sm" variant="ghost" onClick={() => setParams({ tab: 'support', kind })}>
                    {t('thread.back')}
                  </Button>
                </div>
                <DeskThread key={open.id} desk={desk} chat={open} />
              </>
            ) : (
              <div className="flex flex-1 items-center justify-center">
                <EmptyState
                  icon={<MessagesSquare size={32} strokeWidth={1.6} />}
                  title={t('thread.noneTitle')}
                  text={t('desk.noneText')}
                />
              </div>
            )}
          </div>
        </div>
      </div>
    </RealtimeProvider>
  );
}

function DeskLive() {
  useDeskLiveUpdates();
  return null;
}
