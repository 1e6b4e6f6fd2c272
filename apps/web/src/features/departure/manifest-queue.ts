import type { CheckinStatus } from '@tourdesk/contract/api/manifest-routes';
import type { Manifest } from '@tourdesk/contract/api/manifest';

/** One check-in action made on the phone, waiting to be sent (its key makes a resend harmless). */
export interface QueuedCheckin {
  tour_date_id: number;
  request_id: number;
  place: number;
  status: CheckinStatus | null;
  client_key: string;
}

const QUEUE_KEY = 'tourdesk.checkin-queue';
const manifestKey = (tourDateId: number) => `tourdesk.manifest.${tourDateId}`;

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
};
const write = (key: string, value: unknown): void => {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or off: the queue then lives as long as the page
  }
};

/** A fresh idempotency key for one action. */
export const newClientKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Every action not sent yet, oldest first (all departures). */
export const queued = (): QueuedCheckin[] => read<QueuedCheckin[]>(QUEUE_KEY, []);

/** Adds an action; a newer action for the same traveller replaces an older one not sent yet. */
export const enqueue = (action: QueuedCheckin): void =>
  write(QUEUE_KEY, [
    ...queued().filter((a) => !(a.request_id === action.request_id && a.place === action.place)),
    action,
  ]);

/** Drops a sent (or refused) action. */
export const dequeue = (clientKey: string): void =>
  write(
    QUEUE_KEY,
    queued().filter((a) => a.client_key !== clientKey),
  );

/** What a send ended in: sent, refused for good (the server said no), or not reachable (try later). */
export type SendOutcome = 'sent' | 'refused' | 'offline';

/**
 * Sends the queue in order, one at a time; stops at the first action the server cannot be reached
 * for (it stays, with those after it). A refused action (422: the request was canceled meanwhile) is
 * dropped and reported. Answers how many were sent and the refused actions.
 */
export const flushQueue = async (
  send: (action: QueuedCheckin) => Promise<SendOutcome>,
): Promise<{ sent: number; refused: QueuedCheckin[]; left: number }> => {
  let sent = 0;
  const refused: QueuedCheckin[] = [];
  for (const action of queued()) {
    const outcome = await send(action);
    if (outcome === 'offline') break;
    dequeue(action.client_key);
    if (outcome === 'sent') sent++;
    else refused.push(action);
  }
  return { sent, refused, left: queued().length };
};

/** The last manifest loaded for a departure: what the screen shows after a reload while offline. */
export const cachedManifest = (tourDateId: number): Manifest | undefined =>
  read<Manifest | undefined>(manifestKey(tourDateId), undefined);
export const cacheManifest = (manifest: Manifest): void => write(manifestKey(manifest.departure.id), manifest);
