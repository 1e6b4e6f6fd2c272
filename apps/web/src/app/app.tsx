import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { BASE_PATH } from '@tourdesk/contract/constants';
import { AppProviders } from './providers';
import { clearSessionCache } from '../lib/query/load-query-client';
import { createRouter, type AppRouter } from './router';
import { loginPathFor } from './redirect-query';
import { api } from '../lib/api/client';
import { i18n } from '../lib/i18n/i18n';

/** SPEC §8: when a refresh fails, the user goes to /login once (loaders handle their own navigations). */
export const installAuthFailureRedirect = (router: AppRouter): void => {
  api.setAuthFailureHandler(() => {
    void clearSessionCache();
    if (router.state.navigation.state !== 'idle') return;
    const { pathname, search } = router.state.location;
    const path = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) || '/' : pathname;
    if (path === '/login') return;
    void router.navigate(loginPathFor(`${path}${search}`));
  });
};

export function App() {
  const [router] = useState(() => {
    const r = createRouter();
    installAuthFailureRedirect(r);
    return r;
  });
  return (
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
