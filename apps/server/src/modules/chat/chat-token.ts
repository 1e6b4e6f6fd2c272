import crypto from 'node:crypto';

/**
 * The traveller's link token of a chat: `<chat id>.<HMAC of the chat id and the chat's link secret>`.
 * Nothing of it is stored (the secret is random per chat), the same chat always gives the same
 * token (the questionnaire link opens the same chat again), and a new secret revokes it.
 */
export const createChatTokens = (key: Uint8Array) => {
  const mac = (chatId: number, secret: string): string =>
    crypto.createHmac('sha256', key).update(`${chatId}.${secret}`).digest('base64url').slice(0, 32);
  const supportMac = (fileId: number, exp: number): string =>
    crypto.createHmac('sha256', key).update(`support-file.${fileId}.${exp}`).digest('base64url').slice(0, 32);
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
    /**
     * Support's link to a chat's file (GET /spa/chat/support-file): support's screen holds its
     * operator token in the tab and an <img> sends no header, so support's message views carry a
     * signed link. It stays the same for an hour (the desk's refetches keep their images) and
     * opens for one to two hours.
     */
    supportFileUrl: (fileId: number, now = Date.now()): string => {
      const exp = (Math.floor(now / SUPPORT_FILE_STEP_MS) + 2) * (SUPPORT_FILE_STEP_MS / 1000);
      return `/spa/chat/support-file?id=${fileId}&exp=${exp}&sig=${supportMac(fileId, exp)}`;
    },
    /** whether a support file link is one we signed and has not expired (constant time) */
    isSupportFileLink: (link: { id: number; exp: number; sig: string }, now = Date.now()): boolean => {
      if (link.exp * 1000 <= now) return false;
      const expected = Buffer.from(supportMac(link.id, link.exp));
      const given = Buffer.from(link.sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
};
const SUPPORT_FILE_STEP_MS = 3_600_000;
export type ChatTokens = ReturnType<typeof createChatTokens>;

/** A new chat's link secret. */
export const newLinkSecret = (): string => crypto.randomBytes(24).toString('base64url');

/**
 * A number that names the chat's current link secret: the traveller's real-time tokens carry it
 * (`fam`), so a reissued link ends the connections of the old one (never 0: a token drops a 0).
 */
export const linkGeneration = (secret: string): number =>
  Number.parseInt(crypto.createHash('sha256').update(secret).digest('hex').slice(0, 12), 16) || 1;
