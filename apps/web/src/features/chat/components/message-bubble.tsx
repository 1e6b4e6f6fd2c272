import { useTranslation } from 'react-i18next';
import { Button, cn, formatFileSizeMb, Spinner } from '@tourdesk/ui';
import { AlertCircle, Check, CheckCheck, Clock, Download, FileText, RotateCw, Trash2 } from 'lucide-react';
import { CHAT_MESSAGE_STATUS, UPLOAD_STATUS } from '@tourdesk/contract/enum-values';
import type { ChatMessage } from '@tourdesk/contract/entities/chat';
import { SUPPORT_AUTHOR_NAME } from '@tourdesk/contract/entities/chat-values';
import { formatTime, splitLinks } from '../format';
import type { OutboxEntry } from '../outbox';
import type { ChatFileDraft } from '../thread-source';
import { useActorLabel } from '../../../lib/member-actor';

/** A message's text: always text (never HTML), its web addresses as links. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** A message's file: an image as a preview that opens the gallery, anything else as a download link. */
function MessageFile({
  file,
  downloadStatus,
  mine,
  onOpenImage,
}: {
  file: ChatFileDraft;
  downloadStatus: number;
  mine: boolean;
  onOpenImage?: (url: string) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  if (downloadStatus === UPLOAD_STATUS.in_progress)
    return (
      <p className="flex items-center gap-2 text-sm opacity-90">
        <Spinner size={14} label={t('file.downloading', { name: file.name })} />
        <span aria-hidden="true">{t('file.downloading', { name: file.name })}</span>
      </p>
    );
  if (downloadStatus === UPLOAD_STATUS.fail)
    return (
      <p className="flex items-center gap-2 text-sm opacity-90">
        <AlertCircle size={14} aria-hidden="true" />
        {t('file.downloadFailed', { name: file.name })}
      </p>
    );
  if (file.is_image && onOpenImage)
    return (
      <button
        type="button"
        onClick={() => onOpenImage(file.url)}
        className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
        aria-label={t('file.openImage', { name: file.name })}
      >
        <img
          src={file.url}
          alt={file.name}
          loading="lazy"
          className="max-h-64 w-auto max-w-full bg-neutral-100 object-cover sm:max-w-xs"
        />
      </button>
    );
  return (
    <a
      href={file.url}
      download={file.name}
      className={cn(
        'flex items-center gap-3 rounded-lg px-3 py-2 text-sm no-underline ring-1 transition-colors',
        mine
          ? 'bg-white/15 ring-white/25 hover:bg-white/25'
          : 'bg-neutral-50 ring-neutral-200 hover:bg-neutral-100 dark:bg-neutral-100',
      )}
    >
      <FileText size={20} className="shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block truncate font-medium">{file.name}</span>
        <span className="block text-xs opacity-80">
          {t('file.size', { size: formatFileSizeMb(file.size, i18n.language) })}
        </span>
      </span>
      <Download size={16} className="ms-auto shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('file.download')}</span>
    </a>
  );
}

/** The state of one of this side's messages (SPEC §3): an icon with its name for screen readers. */
function MessageStatus({ status, isRead }: { status: number; isRead: boolean }) {
  const { t } = useTranslation('chat');
  const common = 'inline-flex items-center';
  if (status === CHAT_MESSAGE_STATUS.waiting)
    return (
      <span className={common} data-status="waiting" title={t('status.waiting')}>
        <Clock size={13} aria-hidden="true" />
        <span className="sr-only">{t('status.waiting')}</span>
      </span>
    );
  if (status === CHAT_MESSAGE_STATUS.loading)
    return (
      <span className={common} data-status="loading" title={t('status.loading')}>
        <Spinner size={12} label={t('status.loading')} />
      </span>
    );
  if (status === CHAT_MESSAGE_STATUS.failed)
    return (
      <span className={common} data-status="failed">
        <AlertCircle size={13} aria-hidden="true" />
        <span className="sr-only">{t('status.failed')}</span>
      </span>
    );
  return (
    <span
      className={common}
      data-status={isRead ? 'read' : 'success'}
      title={t(isRead ? 'status.read' : 'status.sent')}
    >
      {isRead ? <CheckCheck size={14} aria-hidden="true" /> : <Check size={14} aria-hidden="true" />}
      <span className="sr-only">{t(isRead ? 'status.read' : 'status.sent')}</span>
    </span>
  );
}

interface BubbleProps {
  mine: boolean;
  authorName?: string;
  /** the message names the team member who wrote it: shown on the provider's own bubbles too */
  byMember?: boolean;
  children: React.ReactNode;
  footer: React.ReactNode;
  tone?: 'normal' | 'muted' | 'failed';
  testId?: string;
  /** under the bubble, on its side */
  actions?: React.ReactNode;
}

function Bubble({ mine, authorName, byMember, children, footer, tone = 'normal', testId, actions }: BubbleProps) {
  return (
    <div className={cn('flex w-full flex-col', mine ? 'items-end' : 'items-start')} data-testid={testId}>
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-1 rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[75%]',
          mine
            ? 'rounded-br-md bg-primary-600 text-on-primary'
            : 'rounded-bl-md bg-surface text-neutral-900 ring-1 ring-neutral-200',
          tone === 'muted' && 'bg-neutral-100 text-neutral-700 italic shadow-none ring-1 ring-neutral-200',
          tone === 'failed' && 'ring-2 ring-danger-400',
        )}
      >
        {authorName && !mine && <p className="text-xs font-semibold text-primary-700">{authorName}</p>}
        {/* the team member who wrote it, on the provider's own side (issue 29): "Anna · Manager" */}
        {authorName && mine && byMember && (
          <p className="text-xs font-semibold text-on-primary opacity-90">{authorName}</p>
        )}
        {children}
        <div
          className={cn(
            'flex items-center justify-end gap-1.5 text-[11px] leading-none tabular-nums',
            mine && tone !== 'muted' ? 'text-on-primary' : 'text-neutral-600',
          )}
        >
          {footer}
        </div>
      </div>
      {actions}
    </div>
  );
}

/**
 * Who wrote it: support's generic name (English from the server) in the reader's words; an
 * operator by name, as support ("Anna (Support)"); anyone else as given.
 */
type T = (key: string, o?: Record<string, string>) => string;
/** An operator as the provider reads them: "Anna (Support)", or "Support" for the shared name. */
export const supportName = (name: string, t: T): string =>
  name === SUPPORT_AUTHOR_NAME || !name ? t('message.support') : t('message.supportAs', { name });
const authorNameOf = (message: ChatMessage, t: T, actorOf: ActorLabel): string =>
  message.author !== 'support' ? actorOf(message.actor, message.author_name) : supportName(message.author_name, t);
type ActorLabel = ReturnType<typeof useActorLabel>;

/** A message the server keeps. */
export function ServerMessage({
  message,
  mine,
  showAuthor,
  onOpenImage,
  revealModerated = false,
  actions,
}: {
  message: ChatMessage;
  mine: boolean;
  showAuthor: boolean;
  onOpenImage?: (url: string) => void;
  /** support: a moderated message shows its text, marked as hidden from the others */
  revealModerated?: boolean;
  actions?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('chat');
  const actorOf = useActorLabel();
  const time = formatTime(message.created_at, i18n.language);
  const revealed = revealModerated && message.is_moderated && !message.is_deleted;
  const hidden = message.is_deleted || (message.is_moderated && !revealed);
  // a held e-mail (the server's note for the provider): always signed with its sender's address
  const isNote = message.author === 'note';
  return (
    <Bubble
      mine={mine}
      authorName={showAuthor || isNote ? authorNameOf(message, t, actorOf) : undefined}
      byMember={message.actor != null}
      tone={hidden || revealed ? 'muted' : 'normal'}
      testId={`message-${message.id}`}
      actions={actions}
      footer={
        <>
          {message.edited_at && !hidden && (
            <span>
              {message.edited_by
                ? t('message.editedBy', { name: supportName(message.edited_by, t) })
                : t('message.edited')}
            </span>
          )}
          <time dateTime={message.created_at}>{time}</time>
          {mine && !hidden && <MessageStatus status={message.status} isRead={message.is_read} />}
        </>
      }
    >
      {message.is_deleted ? (
        <p>
          {message.deleted_by
            ? t('message.deletedBy', { name: supportName(message.deleted_by, t) })
            : t('message.deleted')}
        </p>
      ) : hidden ? (
        <p>
          {message.moderated_by
            ? t('message.moderatedBy', { name: supportName(message.moderated_by, t) })
            : t('message.moderated')}
        </p>
      ) : (
        <>
          {revealed && (
            <p className="text-xs font-semibold text-warning-700 not-italic">
              {message.moderated_by
                ? t('message.hiddenFromOthersBy', { name: supportName(message.moderated_by, t) })
                : t('message.hiddenFromOthers')}
            </p>
          )}
          {isNote && <p className="text-xs font-semibold text-warning-700">{t('message.heldEmail')}</p>}
          {message.file && (
            <MessageFile
              file={message.file}
              downloadStatus={message.file.download_status}
              mine={mine}
              onOpenImage={onOpenImage}
            />
          )}
          {message.text && <MessageText text={message.text} />}
        </>
      )}
    </Bubble>
  );
}

/** One of this side's messages still on its way: waiting, being sent, or failed with Retry. */
export function PendingMessage({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: OutboxEntry;
  onRetry: (uid: string) => void;
  onDiscard: (uid: string) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const failed = entry.status === CHAT_MESSAGE_STATUS.failed;
  return (
    <div className="flex flex-col items-end gap-1" data-testid={`pending-${entry.uid}`}>
      <Bubble
        mine
        tone={failed ? 'failed' : 'normal'}
        footer={
          <>
            <time dateTime={entry.createdAt}>{formatTime(entry.createdAt, i18n.language)}</time>
            <MessageStatus status={entry.status} isRead={false} />
          </>
        }
      >
        {entry.file && (
          <MessageFile file={entry.file} downloadStatus={UPLOAD_STATUS.success} mine onOpenImage={undefined} />
        )}
        {entry.message && <MessageText text={entry.message} />}
      </Bubble>
      {failed && (
        <div className="flex flex-wrap items-center justify-end gap-2 text-xs" role="alert">
          <span className="text-danger-700">
            {t('status.failed')}
            {entry.error ? `: ${entry.error}` : ''}
          </span>
          <Button size="sm" variant="outline" onClick={() => onRetry(entry.uid)}>
            <RotateCw size={14} aria-hidden="true" />
            {t('actions.retry')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDiscard(entry.uid)}>
            <Trash2 size={14} aria-hidden="true" />
            {t('actions.discard')}
          </Button>
        </div>
      )}
    </div>
  );
}
