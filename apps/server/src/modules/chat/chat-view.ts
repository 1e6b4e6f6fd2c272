import {
  CHAT_MESSAGE_STATUS,
  IMAGE_MIME_TYPES,
  UPLOAD_STATUS,
  type Chat,
  type ChatAuthor,
  type ChatFile,
  type ChatKind,
  type ChatMessage,
  type OperatorChat,
  type TravellerChat,
  type UploadStatus,
} from '@tourdesk/contract';
import { memberActorOf } from '../../lib/tenancy';
import type { ChatRepository, ChatRow, MessageRow } from './chat.repository';

/**
 * Who reads a message: the organizer (the CRM), the traveller (through their link) or support.
 * A moderated message shows no text or file to the first two; a deleted one to nobody.
 */
export type Reader = Exclude<ChatAuthor, 'note'>;

/** The read marks a message's `is_read` comes from. */
type ReadMarks = Pick<ChatRow, 'organizer_read_id' | 'counterpart_read_id'>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * A stored file as a message shows it: uploads are downloaded already (status success); a file a
 * messenger sent is in progress until the server has received it, or failed.
 */
export const fileView = (
  file: { id: number; name: string | null; size: number | null; mime: string | null; status?: number | null },
  fileUrl: (fileId: number) => string,
): ChatFile => ({
  id: file.id,
  name: file.name ?? `file-${file.id}`,
  size: file.size ?? 0,
  mime: file.mime ?? 'application/octet-stream',
  url: fileUrl(file.id),
  is_image: (IMAGE_MIME_TYPES as readonly string[]).includes(file.mime ?? ''),
  download_status: (file.status ?? UPLOAD_STATUS.success) as UploadStatus,
});

/**
 * A message as `reader` sees it. `fileUrl` is where that reader fetches a file (the traveller's
 * carries their token).
 */
export const messageView = (
  row: MessageRow,
  marks: ReadMarks,
  reader: Reader,
  fileUrl: (fileId: number) => string,
): ChatMessage => {
  const isDeleted = row.deleted_at !== null;
  const isModerated = row.moderated_at !== null;
  const hidden = isDeleted || (isModerated && reader !== 'support');
  const author = row.author as ChatAuthor;
  return {
    id: row.id,
    chat_id: row.chat_id,
    type: author === 'organizer' ? 'output' : 'input',
    author,
    author_name: row.author_name,
    // which member of the provider's team wrote it: the provider's side only (issue 29)
    actor:
      reader === 'organizer' && author === 'organizer'
        ? memberActorOf(row.author_user_id, row.author_name, row.author_role)
        : null,
    text: hidden ? '' : row.text,
    file:
      hidden || row.file_id === null
        ? null
        : fileView(
            {
              id: row.file_id,
              name: row.file_name,
              size: row.file_size,
              mime: row.file_mime,
              status: row.file_status,
            },
            fileUrl,
          ),
    status: CHAT_MESSAGE_STATUS.success,
    client_id: row.client_id,
    // its recipient has read it: the other side's read mark has reached it
    is_read: author === 'organizer' ? row.id <= marks.counterpart_read_id : row.id <= marks.organizer_read_id,
    created_at: row.created_at.toISOString(),
    edited_at: iso(row.edited_at),
    is_deleted: isDeleted,
    is_moderated: isModerated,
    edited_by: row.edited_by,
    moderated_by: isModerated ? row.moderated_by : null,
    deleted_by: isDeleted ? row.deleted_by : null,
  };
};

/** The provider's file links: /files/{id} (the CRM's session cookie opens it). */
export const crmFileUrl = (fileId: number): string => `/files/${fileId}`;
/** The traveller's file links: their token names the chat (GET /spa/chat/file). */
export const travellerFileUrl =
  (token: string) =>
  (fileId: number): string =>
    `/spa/chat/file?token=${encodeURIComponent(token)}&id=${fileId}`;

/** Chats as their lists show them: the rows with their tours, sites, requests and last messages, in few queries. */
export const createChatViews = (repo: ChatRepository, supportFileUrl: (fileId: number) => string) => {
  const load = async (rows: ChatRow[]) => {
    const [tourNames, siteNames, requestIds, lastMessages, organizerNames] = await Promise.all([
      repo.namesOf(
        'tours',
        rows.flatMap((r) => (r.tour_id ? [r.tour_id] : [])),
      ),
      repo.namesOf(
        'sites',
        rows.flatMap((r) => (r.site_id ? [r.site_id] : [])),
      ),
      repo.requestIdsOf(rows.map((r) => r.id)),
      repo.messagesByIds(rows.flatMap((r) => (r.last_message_id ? [r.last_message_id] : []))),
      repo.namesOf(
        'organizers',
        rows.map((r) => r.organizer_id),
      ),
    ]);
    return { tourNames, siteNames, requestIds, lastMessages, organizerNames };
  };

  const chatOf = (row: ChatRow, loaded: Awaited<ReturnType<typeof load>>, reader: 'organizer' | 'support'): Chat => {
    const last = row.last_message_id ? loaded.lastMessages.get(row.last_message_id) : undefined;
    const siteName = row.site_id ? loaded.siteNames.get(row.site_id) : undefined;
    const tourName = row.tour_id ? loaded.tourNames.get(row.tour_id) : undefined;
    const kind = row.kind as ChatKind;
    return {
      id: row.id,
      organizer_id: row.organizer_id,
      kind,
      title: kind === 'support' ? (siteName ?? '') : row.traveller_name,
      traveller: kind === 'tourist' ? { name: row.traveller_name, email: row.traveller_email } : null,
      site: row.site_id && siteName !== undefined ? { id: row.site_id, name: siteName } : null,
      tour: row.tour_id && tourName !== undefined ? { id: row.tour_id, name: tourName } : null,
      request_ids: loaded.requestIds.get(row.id) ?? [],
      last_message: last ? messageView(last, row, reader, reader === 'support' ? supportFileUrl : crmFileUrl) : null,
      unread_count: reader === 'organizer' ? row.organizer_unread : kind === 'support' ? row.counterpart_unread : 0,
      is_frozen: row.is_frozen,
      frozen_by: row.is_frozen ? row.frozen_by : null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  };

  return {
    /** Chats as the organizer sees them. */
    chats: async (rows: ChatRow[]): Promise<Chat[]> => {
      const loaded = await load(rows);
      return rows.map((r) => chatOf(r, loaded, 'organizer'));
    },
    chat: async (row: ChatRow): Promise<Chat> => chatOf(row, await load([row]), 'organizer'),
    /** Chats as support sees them: with the organizer's name, support's unread count, moderated text shown. */
    operatorChats: async (rows: ChatRow[]): Promise<OperatorChat[]> => {
      const loaded = await load(rows);
      return rows.map((r) => ({
        ...chatOf(r, loaded, 'support'),
        organizer_name: loaded.organizerNames.get(r.organizer_id) ?? '',
      }));
    },
    /** The chat as its traveller sees it. */
    travellerChat: async (row: ChatRow): Promise<TravellerChat> => {
      const [organizer, tour] = await Promise.all([
        repo.organizer(row.organizer_id),
        row.tour_id ? repo.tour(row.tour_id) : null,
      ]);
      return {
        id: row.id,
        organizer: { id: row.organizer_id, name: organizer?.name ?? '' },
        tour: tour ? { id: tour.id, name: tour.name } : null,
        traveller: { name: row.traveller_name, email: row.traveller_email },
        unread_count: row.counterpart_unread,
        is_frozen: row.is_frozen,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      };
    },
  };
};
export type ChatViews = ReturnType<typeof createChatViews>;
