import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@tourdesk/ui';
import { currentBrand } from '../brands/current-brand';
import { VersionCheck } from '../features/general/components/version-check';
import { useLeafRoute } from './use-route-state';
import { api } from '../lib/api/client';
import { lazyPage } from './lazy-page';
import { tabAttention } from '../lib/tab-attention';

const SignedInShell = lazy(() =>
  lazyPage(() => import('./signed-in-shell').then((m) => m.SignedInShell))().then(({ Component }) => ({
    default: Component,
  })),
);

/** SPEC §2: scroll resets to the top on navigation. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The page title from the route table, then the brand (the unread chats' count goes before it). */
function DocumentTitle() {
  const { t } = useTranslation();
  const { handle } = useLeafRoute();
  const title = handle?.title ? t(handle.title) : '';
  useEffect(() => {
    tabAttention().setBaseTitle(title ? `${title} · ${currentBrand.name}` : currentBrand.name);
  }, [title]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="…" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary-100">
      <div className="h-full w-1/3 animate-progress bg-primary-600" />
    </div>
  );
}

/** The root route: shell-wide behaviour around every layout. */
export function RootShell() {
  // read on every navigation: signing in or out (both navigate) switches the shell
  useLocation();
  // a screen whose texts are still loading (i18n namespaces load with their screens)
  const outlet = (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <NavigationProgress />
      <VersionCheck />
      {api.hasToken() ? (
        <Suspense fallback={<FullPageSpinner />}>
          <SignedInShell>{outlet}</SignedInShell>
        </Suspense>
      ) : (
        outlet
      )}
    </>
  );
}

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center text-primary-600">
      <Spinner label={t('app.loading')} />
    </div>
  );
}
