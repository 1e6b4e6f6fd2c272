import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, cn } from '@tourdesk/ui';
import { LifeBuoy, Snowflake } from 'lucide-react';
import type { ChatKind } from '@tourdesk/contract/enum-values';
import type { Chat } from '@tourdesk/contract/entities/chat';
import { formatListTime } from '../format';

/** A chat's picture: the support buoy for a support chat, else the person's initials. */
export function ChatPicture({ kind, name, size }: { kind: ChatKind; name: string; size: 40 | 44 }) {
  if (kind !== 'support') return <Avatar name={name} size={size} />;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary-100 text-primary-700',
        size === 44 ? 'size-11' : 'size-10',
      )}
    >
      <LifeBuoy size={size === 44 ? 22 : 20} aria-hidden="true" />
    </span>
  );
}

/** "Frozen", beside a chat's name in its header. */
export function FrozenBadge() {
  const { t } = useTranslation('chat');
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700 ring-1 ring-neutral-200">
      <Snowflake size={12} aria-hidden="true" />
      {t('frozen.badge')}
    </span>
  );
}

/**
 * What a chat list's row shows beside the picture: the name (bold while unread) and the last
 * activity's time, what the chat is about, the last message and the unread count.
 */
export function ChatRowText({
  title,
  subject,
  updatedAt,
  unread,
  lastMessage,
  frozen = false,
}: {
  title: string;
  subject: string;
  updatedAt: string;
  unread: number;
  /** the last message's line; null: no messages yet */
  lastMessage: ReactNode | null;
  frozen?: boolean;
}) {
  const { t, i18n } = useTranslation('chat');
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
      <span className="flex items-baseline gap-2">
        <span className={cn('truncate text-sm text-neutral-900', unread > 0 ? 'font-bold' : 'font-semibold')}>
          {title}
        </span>
        {frozen && <Snowflake size={13} className="shrink-0 text-primary-600" aria-label={t('frozen.badge')} />}
        <time dateTime={updatedAt} className="ms-auto shrink-0 text-xs text-neutral-600 tabular-nums">
          {formatListTime(updatedAt, i18n.language)}
        </time>
      </span>
      <span className="truncate text-xs text-neutral-600">{subject}</span>
      <span className="flex items-center gap-2">
        <span className={cn('min-w-0 flex-1 truncate text-sm', unread > 0 ? 'text-neutral-900' : 'text-neutral-600')}>
          {lastMessage ?? <span className="text-neutral-500 italic">{t('list.noMessages')}</span>}
        </span>
        {unread > 0 && (
          <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary-600 px-1.5 text-xs font-semibold text-on-primary tabular-nums">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="sr-only">{t('list.unread', { count: unread })}</span>
          </span>
        )}
      </span>
    </span>
  );
}

/** A thread header's words: the chat's name with Frozen, the traveller's e-mail and what it is about. */
export function ChatHeading({
  chat,
  title,
  subject,
  children,
}: {
  chat: Pick<Chat, 'kind' | 'is_frozen' | 'traveller'>;
  title: string;
  subject: string;
  /** more under it (the requests of the chat) */
  children?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h2 className="truncate text-base font-semibold text-neutral-900">{title}</h2>
        {chat.is_frozen && <FrozenBadge />}
      </div>
      <p className="truncate text-xs text-neutral-600">
        {chat.kind === 'tourist' && chat.traveller?.email ? `${chat.traveller.email} · ` : ''}
        {subject}
      </p>
      {children}
    </div>
  );
}
