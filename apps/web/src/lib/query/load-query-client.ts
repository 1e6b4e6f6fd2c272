import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';

/**
 * The query cache, loaded when a screen first needs it: the sign-in screen never does, so a
 * guest does not download TanStack Query (README, "Speed"). Signed-in screens load it with
 * their shell; loaders and sign-in flows reach it through here.
 */
export const loadQueryClient = (): Promise<QueryClient> => import('./query-client').then((m) => m.queryClient);

/** Forgets everything a previous session cached (a new sign-in, a failed refresh). */
export const clearSessionCache = async (): Promise<void> => (await loadQueryClient()).clear();

/** A loader of a lazily loaded screen or form that also loads the query layer and wraps it in it. */
export const withQueryLayerLoader =
  <P extends object>(load: () => Promise<ComponentType<P>>) =>
  (): Promise<ComponentType<P>> =>
    Promise.all([load(), import('./query-layer')]).then(([Component, m]) => m.withQueryLayer(Component));

/** React.lazy for a form or panel that needs the query cache (it arrives with the component). */
export const lazyWithQueryLayer = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => withQueryLayerLoader(load)().then((Component) => ({ default: Component })));
