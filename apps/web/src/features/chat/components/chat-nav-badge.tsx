import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/unread-count';

/** More than this shows as "99+". */
const BADGE_MAX = 99;

/**
 * The Chats navigation item's badge: the messages the organizer has not read (unread-count). Kept
 * live by ChatAttention (mounted once by the layout), which refetches the count on chat events.
 * Nothing shows at 0.
 */
export function ChatNavBadge({ orgId }: { orgId: number }) {
  // the chat texts may not be loaded on this screen yet: the number shows meanwhile
  const { t, ready } = useTranslation('chat', { useSuspense: false });
  const count = useUnreadCount(orgId);
  const n = count.data?.count ?? 0;
  if (n === 0) return null;
  return (
    <span
      data-testid="chat-badge"
      className="ms-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-600 px-1.5 text-xs font-semibold text-on-primary tabular-nums"
    >
      <span aria-hidden="true">{n > BADGE_MAX ? `${BADGE_MAX}+` : n}</span>
      <span className="sr-only">{ready ? t('nav.unread', { count: n }) : n}</span>
    </span>
  );
}
