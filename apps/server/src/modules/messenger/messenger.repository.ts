import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messengerChats, users } from '../../db/schema/index';

export type MessengerChatRow = typeof messengerChats.$inferSelect;

export const createMessengerRepository = (db: Db) => ({
  /** Runs fn on a repository bound to one transaction: a change and its domain event, or neither. */
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),
  listNotificationChats: (userId: number): Promise<MessengerChatRow[]> =>
    db
      .select()
      .from(messengerChats)
      .where(and(eq(messengerChats.user_id, userId), eq(messengerChats.notifications_enabled, true))),
  disableNotifications: async (id: number, userId: number): Promise<boolean> =>
    (
      await db
        .update(messengerChats)
        .set({ notifications_enabled: false })
        .where(and(eq(messengerChats.id, id), eq(messengerChats.user_id, userId)))
        .returning({ id: messengerChats.id })
    ).length === 1,
  /** Links the chat to the user (a chat moves to whoever sent the latest code). */
  linkChat: async (
    values: {
      user_id: number;
      source_type: string;
      chat_id: string;
      chat_name: string;
      url: string;
    },
    q: Db = db,
  ): Promise<MessengerChatRow> =>
    (
      await q
        .insert(messengerChats)
        .values({ ...values, notifications_enabled: true, messenger_was_activated: true })
        .onConflictDoUpdate({
          target: [messengerChats.source_type, messengerChats.chat_id],
          set: {
            user_id: values.user_id,
            chat_name: values.chat_name,
            url: values.url,
            notifications_enabled: true,
            messenger_was_activated: true,
          },
        })
        .returning()
    )[0]!,
  findChat: async (sourceType: string, chatId: string): Promise<MessengerChatRow | undefined> =>
    (
      await db
        .select()
        .from(messengerChats)
        .where(and(eq(messengerChats.source_type, sourceType), eq(messengerChats.chat_id, chatId)))
        .limit(1)
    )[0],
  setChatPhone: async (id: number, phone: string): Promise<void> => {
    await db.update(messengerChats).set({ phone }).where(eq(messengerChats.id, id));
  },
  /** The account with this phone (E.164 as stored), for the inbound WhatsApp webhook. */
  findUserByPhone: async (phone: string) =>
    (
      await db
        .select({
          id: users.id,
          phone: users.phone,
          is_phone_confirm: users.is_phone_confirm,
          blocked_at: users.blocked_at,
        })
        .from(users)
        .where(eq(users.phone, phone))
        .limit(1)
    )[0],
  findUserPhone: async (userId: number) =>
    (
      await db
        .select({ phone: users.phone, is_phone_confirm: users.is_phone_confirm, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
    )[0],
});
export type MessengerRepository = ReturnType<typeof createMessengerRepository>;
