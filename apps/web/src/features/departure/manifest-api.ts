import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Manifest } from '@tourdesk/contract/api/manifest';
import { manifestRoutes } from '@tourdesk/contract/api/manifest-routes';
import type { CheckinStatus } from '@tourdesk/contract/api/manifest-routes';
import { api } from '../../lib/api/client';
import type { ApiError } from '../../lib/api/api-error';
import { useRealtimeEvent } from '../../lib/socket/realtime-context';
import {
  cacheManifest,
  cachedManifest,
  enqueue,
  flushQueue,
  newClientKey,
  queued,
  type QueuedCheckin,
  type SendOutcome,
} from './manifest-queue';

export const manifestKey = (tourDateId: number) => ['departure-manifest', tourDateId] as const;

/** A departure's manifest; the last one loaded (kept on the phone) while the server cannot be reached. */
export const useManifest = (tourDateId: number) => {
  const query = useQuery<Manifest, ApiError>({
    queryKey: manifestKey(tourDateId),
    queryFn: async ({ signal }) => {
      const m = await api.call(manifestRoutes.manifest, { query: { tour_date_id: tourDateId }, signal });
      cacheManifest(m);
      return m;
    },
    initialData: () => cachedManifest(tourDateId),
    initialDataUpdatedAt: 0,
    retry: (count, error) => error.status === 0 && count < 2,
  });
  const client = useQueryClient();
  // another phone (or the office) checked someone in: read it again
  useRealtimeEvent('departure_was_updated', (payload) => {
    if (payload.tour_date_id === tourDateId) void client.invalidateQueries({ queryKey: manifestKey(tourDateId) });
  });
  return query;
};

const sendOne = async (action: QueuedCheckin): Promise<SendOutcome> => {
  try {
    await api.call(manifestRoutes.checkin, { body: action });
    return 'sent';
  } catch (e) {
    const status = (e as ApiError).status;
    return status === 0 || status === undefined || status >= 500 || status === 429 ? 'offline' : 'refused';
  }
};

const RETRY_MS = 15_000;

/**
 * Check-in on a flaky connection: every action goes into the queue kept on the phone first, then
 * the queue is sent in order; when the server cannot be reached it waits for the browser's online
 * event (and retries every RETRY_MS). `pending` is what is still waiting, for the screen to show.
 */
export const useCheckinQueue = (tourDateId: number, onRefused: (action: QueuedCheckin) => void) => {
  const client = useQueryClient();
  const [pending, setPending] = useState<QueuedCheckin[]>(() => queued().filter((a) => a.tour_date_id === tourDateId));
  const busy = useRef(false);
  const refusedRef = useRef(onRefused);
  useEffect(() => {
    refusedRef.current = onRefused;
  });

  const refresh = useCallback(() => setPending(queued().filter((a) => a.tour_date_id === tourDateId)), [tourDateId]);
  const flush = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const result = await flushQueue(sendOne);
      result.refused.forEach((a) => refusedRef.current(a));
      if (result.sent > 0 || result.refused.length > 0)
        await client.invalidateQueries({ queryKey: manifestKey(tourDateId) });
    } finally {
      busy.current = false;
      refresh();
    }
  }, [client, refresh, tourDateId]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (queued().length > 0) void flush();
    }, RETRY_MS);
    void flush();
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush]);

  const act = useCallback(
    (request_id: number, place: number, status: CheckinStatus | null) => {
      enqueue({ tour_date_id: tourDateId, request_id, place, status, client_key: newClientKey() });
      refresh();
      void flush();
    },
    [flush, refresh, tourDateId],
  );
  return { pending, act, flush };
};
