import { Fragment, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LazyMediaViewer, Spinner } from '@tourdesk/ui';
import { formatDay, messageDay } from '../format';
import type { ChatMessage } from '@tourdesk/contract/entities/chat';
import type { ThreadItem } from '../api/chat-messages';
import { PendingMessage, ServerMessage } from './message-bubble';

/** Closer to the top than this (px) loads the older messages. */
const LOAD_OLDER_AT = 160;
/** Closer to the bottom than this (px) keeps the view at the bottom as messages arrive. */
const STICK_TO_BOTTOM = 120;

const itemKey = (item: ThreadItem): string => (item.kind === 'message' ? `m${item.message.id}` : `p${item.entry.uid}`);
const itemTime = (item: ThreadItem): string =>
  item.kind === 'message' ? item.message.created_at : item.entry.createdAt;

/** What can be done with a server's message, shown under it (nothing: null). */
export type MessageActions = (message: ChatMessage, mine: boolean) => ReactNode;

export interface MessageListProps {
  items: ThreadItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (uid: string) => void;
  onDiscard: (uid: string) => void;
  /** whose names show above their messages (a chat with several writers on the other side) */
  showAuthors: boolean;
  emptyText: string;
  messageActions?: MessageActions;
  revealModerated?: boolean;
}

/**
 * A thread's messages, newest at the bottom (role log: new ones are announced). Scrolling near the
 * top loads older messages and keeps what was on screen where it was (the scroll anchor); a new
 * message keeps the view at the bottom when it was there, or when it is this side's own.
 */
export function MessageList({
  items,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
  showAuthors,
  emptyText,
  messageActions,
  revealModerated = false,
}: MessageListProps) {
  const { t, i18n } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  /** the distance from the bottom before older messages were added above */
  const anchor = useRef<number | null>(null);
  const atBottom = useRef(true);
  const lastKey = useRef<string | null>(null);
  const firstKey = useRef<string | null>(null);
  const [viewer, setViewer] = useState<number | null>(null);

  const images = useMemo(
    () =>
      items.flatMap((item) =>
        item.kind === 'message' && item.message.file?.is_image && !item.message.is_deleted && !item.message.is_moderated
          ? [{ src: item.message.file.url, alt: item.message.file.name }]
          : [],
      ),
    [items],
  );
  const openImage = useCallback((url: string) => setViewer(images.findIndex((i) => i.src === url)), [images]);

  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasOlder || loadingOlder) return;
    anchor.current = el.scrollHeight - el.scrollTop;
    onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || items.length === 0) return;
    const first = itemKey(items[0]!);
    const last = items.at(-1)!;
    const newLast = itemKey(last);
    if (anchor.current !== null && first !== firstKey.current) {
      // older messages were added above: what the reader saw stays where it was
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (lastKey.current === null) {
      el.scrollTop = el.scrollHeight;
    } else if (newLast !== lastKey.current) {
      const own = last.kind === 'pending' || last.mine;
      if (atBottom.current || own) el.scrollTop = el.scrollHeight;
    }
    firstKey.current = first;
    lastKey.current = newLast;
  }, [items]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM;
    if (el.scrollTop < LOAD_OLDER_AT) loadOlder();
  };

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      className="flex-1 overflow-y-auto overscroll-contain bg-neutral-50 px-3 py-4 sm:px-5"
      data-testid="message-scroller"
    >
      {hasOlder && (
        <div className="mb-3 flex justify-center">
          {loadingOlder ? (
            <Spinner size={18} label={t('thread.loadingOlder')} />
          ) : (
            <Button size="sm" variant="ghost" onClick={loadOlder}>
              {t('thread.loadOlder')}
            </Button>
          )}
        </div>
      )}
      {items.length === 0 ? (
        <p className="py-10 text-center text-sm text-neutral-600">{emptyText}</p>
      ) : (
        <div role="log" aria-label={t('thread.messages')}>
          <ol className="flex flex-col gap-2">
            {items.map((item, index) => {
              const day = messageDay(itemTime(item));
              const newDay = index === 0 || messageDay(itemTime(items[index - 1]!)) !== day;
              const previous = items[index - 1];
              const sameAuthor =
                previous?.kind === 'message' &&
                item.kind === 'message' &&
                previous.message.author_name === item.message.author_name &&
                !newDay;
              return (
                <Fragment key={itemKey(item)}>
                  {newDay && (
                    <li className="sticky top-0 z-[1] my-2 flex justify-center">
                      <span className="rounded-full bg-neutral-200/90 px-3 py-0.5 text-xs font-medium text-neutral-700 backdrop-blur">
                        {formatDay(itemTime(item), i18n.language, t)}
                      </span>
                    </li>
                  )}
                  <li>
                    {item.kind === 'message' ? (
                      <ServerMessage
                        message={item.message}
                        mine={item.mine}
                        showAuthor={(showAuthors || item.message.actor != null) && !sameAuthor}
                        onOpenImage={openImage}
                        revealModerated={revealModerated}
                        actions={messageActions?.(item.message, item.mine)}
                      />
                    ) : (
                      <PendingMessage entry={item.entry} onRetry={onRetry} onDiscard={onDiscard} />
                    )}
                  </li>
                </Fragment>
              );
            })}
          </ol>
        </div>
      )}
      {viewer !== null && viewer >= 0 && (
        <LazyMediaViewer items={images} open index={viewer} onClose={() => setViewer(null)} onIndexChange={setViewer} />
      )}
    </div>
  );
}
