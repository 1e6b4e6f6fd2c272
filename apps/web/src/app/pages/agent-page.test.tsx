import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createTestI18n } from '../../lib/i18n/resources';
import { AgentPage } from './agent-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderAt = (path: string, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/:orgId/agent/:agentId', element: <AgentPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('the agent screen', () => {
  it('says an unknown agent (or another provider’s) is not available instead of loading forever', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { message: 'Agent not found' })),
    );
    renderAt('/3/agent/999');
    expect(await screen.findByText('This agent is not available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers to try again after a server failure, in Russian too', async () => {
    const fetch = vi.fn(async () => json(500, { message: 'Server Error' }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/agent/5', 'ru');
    expect(await screen.findByText('Ошибка сервера')).toBeInTheDocument();
    const calls = fetch.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(fetch.mock.calls.length).toBeGreaterThan(calls);
  });
});
