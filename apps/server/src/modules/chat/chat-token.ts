import crypto from 'node:crypto';

/**
 * The traveller's link token of a chat: `<chat id>.<HMAC of the chat id and the chat's link secret>`.
 * Nothing of it is stored (the secret is random per chat), the same chat always gives the same
 * token (the questionnaire link opens the same chat again), and a new secret revokes it.
 */
export const createChatTokens = (key: Uint8Array) => {
  const mac = (chatId: number, secret: string): string =>
    crypto.createHmac('sha256', key).update(`${chatId}.${secret}`).digest('base64url').slice(0, 32);
  return {
    tokenOf: (chat: { id: number; link_secret: string }): string => `${chat.id}.${mac(chat.id, chat.link_secret)}`,
    /** the chat id a token claims (to look the chat up), null when it is no token */
    chatIdOf: (token: string): number | null => {
      const m = /^(\d{1,10})\.[A-Za-z0-9_-]{32}$/.exec(token);
      const id = m ? Number(m[1]) : 0;
      return id > 0 && id <= 2_147_483_647 ? id : null;
    },
    /** whether the token is this chat's (constant time) */
    matches: (token: string, chat: { id: number; link_secret: string }): boolean => {
      const expected = Buffer.from(`${chat.id}.${mac(chat.id, chat.link_secret)}`);
      const given = Buffer.from(token);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
};
export type ChatTokens = ReturnType<typeof createChatTokens>;

/** A new chat's link secret. */
export const newLinkSecret = (): string => crypto.randomBytes(24).toString('base64url');
