import { beforeEach, describe, expect, it } from 'vitest';
import type { Manifest } from '@tourdesk/contract/api/manifest';
import {
  cacheManifest,
  cachedManifest,
  dequeue,
  enqueue,
  flushQueue,
  queued,
  type QueuedCheckin,
  type SendOutcome,
} from './manifest-queue';

const action = (place: number, key: string, status: QueuedCheckin['status'] = 'checked_in'): QueuedCheckin => ({
  tour_date_id: 7,
  request_id: 12,
  place,
  status,
  client_key: key,
});

beforeEach(() => localStorage.clear());

describe('the check-in queue kept on the phone', () => {
  it('keeps actions in order in localStorage; a newer action for a traveller replaces the unsent one', () => {
    enqueue(action(1, 'k1'));
    enqueue(action(2, 'k2'));
    enqueue(action(1, 'k3', 'no_show'));
    expect(queued()).toEqual([action(2, 'k2'), action(1, 'k3', 'no_show')]);
    expect(JSON.parse(localStorage.getItem('tourdesk.checkin-queue')!)).toEqual(queued());
    dequeue('k2');
    expect(queued().map((a) => a.client_key)).toEqual(['k3']);
  });

  it('sends in order, stops while offline keeping the rest, and resends the same keys later', async () => {
    enqueue(action(1, 'k1'));
    enqueue(action(2, 'k2'));
    enqueue(action(3, 'k3'));
    const calls: string[] = [];
    let online = false;
    const send = (a: QueuedCheckin): Promise<SendOutcome> => {
      calls.push(a.client_key);
      return Promise.resolve(online || a.client_key === 'k1' ? 'sent' : 'offline');
    };
    expect(await flushQueue(send)).toEqual({ sent: 1, refused: [], left: 2 });
    expect(queued().map((a) => a.client_key)).toEqual(['k2', 'k3']);
    online = true;
    expect(await flushQueue(send)).toEqual({ sent: 2, refused: [], left: 0 });
    expect(calls).toEqual(['k1', 'k2', 'k2', 'k3']);
  });

  it('drops and reports an action the server refuses (the request was canceled meanwhile)', async () => {
    enqueue(action(1, 'k1'));
    enqueue(action(2, 'k2'));
    const result = await flushQueue((a) => Promise.resolve(a.client_key === 'k1' ? 'refused' : 'sent'));
    expect(result).toEqual({ sent: 1, refused: [action(1, 'k1')], left: 0 });
    expect(queued()).toEqual([]);
  });

  it('keeps the last manifest loaded for a reload while offline', () => {
    const m = { departure: { id: 7 }, requests: [], guides: [], totals: { travellers: 0, checked_in: 0, no_show: 0 } };
    expect(cachedManifest(7)).toBeUndefined();
    cacheManifest(m as unknown as Manifest);
    expect(cachedManifest(7)).toEqual(m);
  });
});
