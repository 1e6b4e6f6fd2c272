import { isOwnChange, type RealtimeActor } from '@tourdesk/contract/realtime-values';

/** How long after this tab's own answer an event of the same change is taken as its echo. */
export const OWN_ANSWER_WINDOW_MS = 10_000;

const answered = new Map<string, number>();

/**
 * This tab stored the server's answer of its own change to `key` (a request, …): the real-time
 * event of that change, naming this user as its actor (issue 23), need not refetch it.
 */
export const noteOwnAnswer = (key: string, now = Date.now()): void => {
  answered.set(key, now);
};

/**
 * Whether a real-time event is the echo of this tab's own answer: its actor is the signed-in
 * user AND this tab stored an answer for `key` moments ago, or is still waiting for one
 * (`pending`: the event may arrive before the answer, which stores it then). The same user's
 * change from another tab (or a colleague's, the system's) is not, so that tab still refetches.
 */
export const isOwnAnswerEcho = (
  payload: { actor?: RealtimeActor },
  userId: number | null | undefined,
  key: string,
  opts: { pending?: boolean; now?: number } = {},
): boolean => {
  if (!isOwnChange(payload, userId)) return false;
  if (opts.pending) return true;
  const at = answered.get(key);
  return at !== undefined && (opts.now ?? Date.now()) - at <= OWN_ANSWER_WINDOW_MS;
};

/** Forgets every answer (tests). */
export const clearOwnAnswers = (): void => answered.clear();
