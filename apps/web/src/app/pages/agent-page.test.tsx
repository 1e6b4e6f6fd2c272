import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createTestI18n } from '../../lib/i18n/resources';
import { AgentPage } from './agent-page';
import { messageError } from '../../test/error-bodies';

// jsdom has no ResizeObserver; the kit's Radix switch and select measure themselves with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

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
      vi.fn(async () => json(404, messageError('agent_not_found'))),
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

  it('takes the contact phone with the one phone input: country picker, no letters, the SPEC phone rule on save', async () => {
    const agent = {
      id: 5,
      tour_organizer_id: 3,
      name: 'Sunny Travel Agency',
      email: '',
      phone: '',
      commission_percent: 8,
      is_active: true,
      site_id: null,
      allowed_tour_ids: null,
      contact_name: '',
      contact_phone: '',
      contact_email: '',
      is_enabled: true,
    };
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).includes('/agent/get') ? json(200, agent) : json(200, agent),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/agent/5');
    const contact = (await screen.findByRole('heading', { name: 'Contact' })).parentElement!;
    expect(within(contact).getByRole('combobox', { name: 'Country' })).toBeInTheDocument();
    const phone = within(contact).getByRole('textbox', { name: 'Phone' });
    await userEvent.type(phone, 'abc123');
    expect(phone).toHaveValue('123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(contact).findByText('Invalid phone number. Please enter the number in the international format.'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/agent/update'))).toBe(false);

    await userEvent.clear(phone);
    await userEvent.type(phone, '9161234567');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([input]) => String(input).includes('/agent/update'))).toBe(true),
    );
    const update = fetch.mock.calls.find(([input]) => String(input).includes('/agent/update'))!;
    expect(JSON.parse(String(update[1]?.body))).toMatchObject({ contact_phone: '+79161234567' });
  });
});
