import { useSyncExternalStore } from 'react';

/** How long a request that just came in or changed stays highlighted in the list. */
export const LIVE_HIGHLIGHT_MS = 8000;

export type RequestChangeKind = 'new' | 'status' | 'tourists';

/** A request that came in or changed while the screen was open (new_request_in_crm and the like). */
export interface RequestChange {
  requestId: number;
  kind: RequestChangeKind;
  /** the request's status after the change, when the event says it */
  status?: number;
  /** increases with every change noted: tells a repeated change from the last one */
  seq: number;
}

type Snapshot = readonly RequestChange[];
const EMPTY: Snapshot = [];
const byOrganizer = new Map<number, Snapshot>();
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let seq = 0;

const emit = () => listeners.forEach((l) => l());

/**
 * Notes a live change of a request of the organizer: the list highlights its row (and announces
 * it) for LIVE_HIGHLIGHT_MS. UI state only: the request itself is refetched through the query cache.
 * A second change of the same request replaces the first; a "new" request stays "new".
 */
export const noteRequestChange = (orgId: number, change: Omit<RequestChange, 'seq'>): void => {
  seq += 1;
  const current = byOrganizer.get(orgId) ?? EMPTY;
  const previous = current.find((c) => c.requestId === change.requestId);
  const kind = previous?.kind === 'new' ? 'new' : change.kind;
  const next: RequestChange = { ...change, kind, seq };
  byOrganizer.set(orgId, [...current.filter((c) => c.requestId !== change.requestId), next]);
  const key = `${orgId}:${change.requestId}`;
  clearTimeout(timers.get(key));
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      const left = (byOrganizer.get(orgId) ?? EMPTY).filter((c) => c.requestId !== change.requestId);
      if (left.length) byOrganizer.set(orgId, left);
      else byOrganizer.delete(orgId);
      emit();
    }, LIVE_HIGHLIGHT_MS),
  );
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The organizer's requests changed live in the last LIVE_HIGHLIGHT_MS, oldest first. */
export const useRequestChanges = (orgId: number): Snapshot =>
  useSyncExternalStore(
    subscribe,
    () => byOrganizer.get(orgId) ?? EMPTY,
    () => EMPTY,
  );

/** Forgets every change at once (tests). */
export const clearRequestChanges = (): void => {
  timers.forEach((t) => clearTimeout(t));
  timers.clear();
  byOrganizer.clear();
  emit();
};
