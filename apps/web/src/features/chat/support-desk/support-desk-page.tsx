import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, cn, DropdownMenu, EmptyState, Field, Modal, PasswordInput, Textarea, toast } from '@tourdesk/ui';
import {
  Eye,
  EyeOff,
  Headset,
  LogOut,
  MessagesSquare,
  MoreHorizontal,
  Pencil,
  Snowflake,
  Sun,
  Trash2,
} from 'lucide-react';
import { operatorChatRoutes } from '@tourdesk/contract/api/chat-routes';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tourdesk/contract/entities/chat-values';
import type { ChatKind } from '@tourdesk/contract/enum-values';
import type { ChatMessage, OperatorChat } from '@tourdesk/contract/entities/chat';
import { LanguageSwitch } from '../../../components/language-switch';
import { isApiError } from '../../../lib/api/api-error';
import { apiErrorText, useApiErrorToast } from '../../../lib/form-errors';
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
  operatorCall,
  operatorToken,
  useDeleteMessage,
  useDeskChats,
  useDeskThreadSource,
  useEditMessage,
  useFreezeChat,
  useModerateMessage,
} from './support-desk-api';

/** Support's door: the operator token, checked by the server before the desk opens. */
function DeskSignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { t } = useTranslation('chat');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) return setError(t('desk.signIn.required'));
    setBusy(true);
    setError(undefined);
    operatorCall(value, operatorChatRoutes.list, { query: { limit: 1 } }).then(
      () => {
        operatorToken.set(value);
        onSignedIn(value);
      },
      (e: unknown) => {
        setBusy(false);
        setError(isApiError(e) && e.status === 401 ? t('desk.signIn.wrong') : apiErrorText(e, t));
      },
    );
  };

  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-neutral-50 p-4">
      <LanguageSwitch />
      <Card className="w-full max-w-md">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="flex items-center gap-3">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary-100 text-primary-700">
              <Headset size={22} aria-hidden="true" />
            </span>
            <h1 className="text-xl font-semibold tracking-tight text-neutral-900">{t('desk.title')}</h1>
          </div>
          <p className="text-sm text-neutral-700">{t('desk.signIn.text')}</p>
          <Field label={t('desk.signIn.label')} error={error} hint={t('desk.signIn.hint')}>
            <PasswordInput value={token} onChange={(event) => setToken(event.target.value)} autoComplete="off" />
          </Field>
          <Button type="submit" loading={busy}>
            {t('desk.signIn.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}

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
  token,
  kind,
  selected,
  onSelect,
}: {
  token: string;
  kind: ChatKind;
  selected: number | null;
  onSelect: (chatId: number) => void;
}) {
  const { t } = useTranslation('chat');
  const titleOf = useDeskTitle();
  return (
    <ChatListFrame
      list={useDeskChats(token, kind)}
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

function DeskThread({ token, chat }: { token: string; chat: OperatorChat }) {
  const { t } = useTranslation('chat');
  const source = useDeskThreadSource(token, chat);
  const toastError = useApiErrorToast();
  const titleOf = useDeskTitle();
  const { title, subtitle } = titleOf(chat);
  const edit = useEditMessage(token);
  const remove = useDeleteMessage(token);
  const moderate = useModerateMessage(token);
  const freeze = useFreezeChat(token);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);

  const header = (
    <header className="flex flex-wrap items-start gap-3 border-b border-neutral-200 bg-surface px-4 py-3">
      <ChatPicture kind={chat.kind} name={title} size={40} />
      <ChatHeading chat={chat} title={title} subject={subtitle} />
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

function Desk({ token, onSignOut }: { token: string; onSignOut: () => void }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kind: ChatKind = params.get('kind') === 'tourist' ? 'tourist' : 'support';
  const selectedId = Number(params.get('chat')) || null;
  // the open chat as the list has it now (frozen, last message): the list's query is the truth
  const chats = useDeskChats(token, kind);
  const open = flattenChats(chats.data).find((c) => c.id === selectedId) ?? null;
  // the token was changed on the server (ADMIN_TOKEN): back to the door
  const refused = isApiError(chats.error) && chats.error.status === 401;
  useEffect(() => {
    if (refused) onSignOut();
  }, [refused, onSignOut]);
  const [realtime] = useState(() =>
    createRealtimeClient({
      fetchChannels: () => operatorCall(token, operatorChatRoutes.channelsList),
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: deskKeys.all }),
    }),
  );
  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, [realtime]);

  const select = (chatId: number) => {
    if (chatId !== selectedId) setParams({ kind, chat: String(chatId) });
  };

  const kinds: { value: ChatKind; label: string }[] = [
    { value: 'support', label: t('desk.kinds.support') },
    { value: 'tourist', label: t('desk.kinds.tourist') },
  ];

  return (
    <RealtimeProvider client={realtime}>
      <DeskLive />
      <div className="flex h-dvh flex-col bg-neutral-50">
        <header className="flex flex-wrap items-center gap-3 border-b border-neutral-200 bg-surface px-4 py-2.5">
          <Headset size={22} className="text-primary-700" aria-hidden="true" />
          <h1 className="text-lg font-semibold tracking-tight text-neutral-900">{t('desk.title')}</h1>
          <div role="group" aria-label={t('desk.kinds.label')} className="ms-2 flex rounded-lg bg-neutral-100 p-0.5">
            {kinds.map((k) => (
              <button
                key={k.value}
                type="button"
                aria-pressed={kind === k.value}
                onClick={() => setParams({ kind: k.value })}
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
          <div className="ms-auto flex items-center gap-2">
            <LanguageSwitch />
            <Button size="sm" variant="ghost" onClick={onSignOut}>
              <LogOut size={16} aria-hidden="true" />
              {t('desk.signOut')}
            </Button>
          </div>
        </header>
        <main id="main" className="flex min-h-0 flex-1">
          <aside
            aria-label={t('desk.listLabel')}
            className={cn(
              'flex w-full min-w-0 flex-col border-e border-neutral-200 bg-surface md:w-96 md:shrink-0',
              open && 'hidden md:flex',
            )}
          >
            <div className="min-h-0 flex-1 overflow-y-auto p-2">
              <DeskList token={token} kind={kind} selected={selectedId} onSelect={select} />
            </div>
          </aside>
          <div className={cn('min-w-0 flex-1 flex-col bg-surface', open ? 'flex' : 'hidden md:flex')}>
            {open ? (
              <>
                <div className="border-b border-neutral-200 px-3 py-1.5 md:hidden">
                  <Button size="sm" variant="ghost" onClick={() => setParams({ kind })}>
                    {t('thread.back')}
                  </Button>
                </div>
                <DeskThread key={open.id} token={token} chat={open} />
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
        </main>
      </div>
    </RealtimeProvider>
  );
}

function DeskLive() {
  useDeskLiveUpdates();
  return null;
}

/**
 * /support-desk: support's screen (the operator token, no account). Support chats with
 * organizers are answered here; travellers' chats are read and moderated; messages are edited
 * (support's own), hidden or deleted, chats frozen — each seen at once in the organizer's CRM.
 */
export function SupportDeskPage() {
  const [token, setToken] = useState<string | null>(() => operatorToken.get());
  const queryClient = useQueryClient();
  const signOut = useCallback(() => {
    operatorToken.clear();
    queryClient.removeQueries({ queryKey: deskKeys.all });
    setToken(null);
  }, [queryClient]);
  if (!token) return <DeskSignIn onSignedIn={setToken} />;
  return <Desk token={token} onSignOut={signOut} />;
}
