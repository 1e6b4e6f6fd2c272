import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OperatorRole } from '@tourdesk/contract/api/operator-console-routes';
import { createTestI18n } from '../../lib/i18n/resources';
import { consoleSession } from './api/console-api';
import { OperatorConsolePage } from './components/operator-console-page';

/** A JSON answer of the console's API, as the tests' fetch stub gives it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The console signed in as Mila in a role, at a path (`/?tab=tours`), in a language. */
export const renderConsole = (role: OperatorRole, language: 'en' | 'ru' = 'en', path = '/') => {
  consoleSession.set({
    token: 'op-token',
    expires_in: 900,
    operator: { id: 1, email: 'm@ops.example', name: 'Mila', role, is_active: true },
  });
  const router = createMemoryRouter([{ path: '*', element: <OperatorConsolePage /> }], { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
};
