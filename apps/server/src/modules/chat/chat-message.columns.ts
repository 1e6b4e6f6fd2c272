import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, files } from '../../db/schema/index';
import { memberRoleSql } from '../../lib/tenancy';

/** What a message's answer needs: the message and its file's name, size and type. */
const messageColumns = {
  id: chatMessages.id,
  chat_id: chatMessages.chat_id,
  author: chatMessages.author,
  author_name: chatMessages.author_name,
  author_user_id: chatMessages.author_user_id,
  // the author's role in the chat's organizer now (issue 29); null for others and for a member who left
  author_role: memberRoleSql(
    sql`(SELECT organizer_id FROM chats WHERE id = ${chatMessages.chat_id})`,
    chatMessages.author_user_id,
  ),
  text: chatMessages.text,
  client_id: chatMessages.client_id,
  created_at: chatMessages.created_at,
  edited_at: chatMessages.edited_at,
  deleted_at: chatMessages.deleted_at,
  moderated_at: chatMessages.moderated_at,
  edited_by: chatMessages.edited_by,
  moderated_by: chatMessages.moderated_by,
  deleted_by: chatMessages.deleted_by,
  file_id: chatMessages.file_id,
  file_name: files.original_name,
  file_size: files.size,
  file_mime: files.mime,
  file_status: files.download_status,
};
export interface MessageRow {
  id: number;
  chat_id: number;
  author: string;
  author_name: string;
  author_user_id: number | null;
  author_role: string | null;
  text: string;
  client_id: string | null;
  created_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
  moderated_at: Date | null;
  /** the operator's name on support's edit, hide and delete */
  edited_by: string | null;
  moderated_by: string | null;
  deleted_by: string | null;
  file_id: number | null;
  file_name: string | null;
  file_size: number | null;
  file_mime: string | null;
  /** the file's SPEC §3 upload status (a messenger's file arrives after its message) */
  file_status: number | null;
}

export const selectMessages = (q: Db) =>
  q.select(messageColumns).from(chatMessages).leftJoin(files, eq(files.id, chatMessages.file_id));
