import type { QueryKey } from '@tanstack/react-query';
import type { ChatMessagesResponse } from '@tourdesk/contract/api/chat';
import type { UploadedFile } from '@tourdesk/contract/entities/common';
import type { ChatFile, ChatMessage } from '@tourdesk/contract/entities/chat';
import type { Outbox, OutboxEntry } from './outbox';

/** A file ready to go with the next message. */
export type ChatFileDraft = NonNullable<OutboxEntry['file']>;

/** Uploads a file for a message, reporting progress 0–100; the signal stops it. */
export type ChatUpload = (
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => Promise<ChatFileDraft>;

/** What the organizer's upload answers, as a file of a message. */
export const fromUploadedFile = (file: UploadedFile): ChatFileDraft => ({
  id: file.id,
  name: file.name,
  size: file.size,
  mime: file.mime_type,
  url: file.url,
  is_image: file.mime_type.startsWith('image/'),
});

/** What the traveller's upload answers, as a file of a message. */
export const fromChatFile = ({ id, name, size, mime, url, is_image }: ChatFile): ChatFileDraft => ({
  id,
  name,
  size,
  mime,
  url,
  is_image,
});

/**
 * One side of one chat, whatever the screen: the organizer's thread in the CRM, or the traveller's
 * through their link. The thread, composer and sender work through this only.
 */
export interface ThreadSource {
  chatId: number;
  /** the messages' cache key */
  messagesKey: QueryKey;
  fetchMessages(query: { before_id?: number }, signal?: AbortSignal): Promise<ChatMessagesResponse>;
  send(entry: OutboxEntry): Promise<ChatMessage>;
  /** marks the chat read for this side; `onRead` then updates what shows the counts */
  markAsRead(): Promise<unknown>;
  /** none: this side sends text only */
  upload?: ChatUpload;
  /** this side's own messages: on the right, with their state */
  isMine(message: ChatMessage): boolean;
  outbox: Outbox;
}
