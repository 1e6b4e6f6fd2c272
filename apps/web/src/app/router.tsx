import { createBrowserRouter, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { BASE_PATH } from '@tourdesk/contract/constants';
import { createGuardLoader } from './guard-loader';
import { loadQueryClient, withQueryLayerLoader } from '../lib/query/load-query-client';
import { lazyPage } from './lazy-page';
import { loadErrorTexts, loadNamespaces } from '../lib/i18n/i18n';
import { ROUTES, type RouteDefinition } from './route-table';
import type { LayoutName, RouteMeta } from './route-meta';
import { FullPageSpinner, RootShell } from './root-shell';
import { RouteErrorPage, NotFoundPage } from './error-page';

/** What each route carries for the shell: its title and meta (read with useMatches). */
export interface RouteHandle {
  title: string;
  meta: RouteMeta;
  layout: LayoutName;
}

/** A page's code with the error texts its forms and toasts translate (but where it loads them itself). */
const withErrorTexts = (def: RouteDefinition & { load: NonNullable<RouteDefinition['load']> }) =>
  def.errorTextsOnDemand
    ? def.load
    : () => Promise.all([def.load(), loadErrorTexts()]).then(([component]) => component);

const toRouteObject = (getQueryClient: () => Promise<QueryClient>, def: RouteDefinition): RouteObject => {
  const handle: RouteHandle = { title: def.title, meta: def.meta, layout: def.layout };
  const load = def.load && withErrorTexts({ ...def, load: def.load });
  return {
    path: def.path,
    handle,
    loader: createGuardLoader(getQueryClient, { meta: def.meta, isIndex: def.path === '/' }),
    ...(load ? { lazy: lazyPage(def.withoutQuery ? load : withQueryLayerLoader(load)) } : { Component: null }),
  };
};

/** Layouts load lazily too: the sign-in screen does not pay for the organizer navigation. */
const LAYOUTS = {
  // the organizer screens' texts arrive with their layout, not on the sign-in screen
  default: withQueryLayerLoader(() =>
    Promise.all([import('./layouts/default-layout'), loadNamespaces(['account', 'organizer', 'errors'])]).then(
      ([m]) => m.DefaultLayout,
    ),
  ),
  // the sign-in screen's layout: no query layer (its pages carry their own)
  boxed: () => import('./layouts/boxed-layout').then((m) => m.BoxedLayout),
  empty: withQueryLayerLoader(() => import('./layouts/empty-layout').then((m) => m.EmptyLayout)),
} as const;

/** Router objects for the route table, grouped under their layouts (exported for tests). */
export const buildRoutes = (getQueryClient: () => Promise<QueryClient> = loadQueryClient): RouteObject[] => {
  const byLayout = (layout: LayoutName) =>
    ROUTES.filter((r) => r.layout === layout).map((r) => toRouteObject(getQueryClient, r));
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: FullPageSpinner,
      children: [
        ...(['default', 'boxed', 'empty'] as const).map((layout) => ({
          id: `layout-${layout}`,
          lazy: lazyPage(LAYOUTS[layout]),
          children: byLayout(layout),
        })),
        ...byLayout('none'),
        {
          path: '*',
          Component: NotFoundPage,
          handle: { title: 'common:error.notFound', meta: {}, layout: 'none' } satisfies RouteHandle,
        },
      ],
    },
  ];
};

export const createRouter = () => createBrowserRouter(buildRoutes(), { basename: BASE_PATH });
export type AppRouter = ReturnType<typeof createRouter>;
