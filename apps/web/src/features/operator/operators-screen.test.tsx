import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { OperatorAccount } from '@tourdesk/contract/api/operator-console';
import { createTestI18n } from '../../lib/i18n/resources';
import { consoleSession } from './api/console-api';
import { OperatorsScreen } from './components/operators-screen';

/** Issue 30: the admin's operators screen: list, create (the authenticator secret shown once), role, deactivate. */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const URI_ = 'otpauth://totp/Tourdesk:mila%40ops.example?issuer=Tourdesk&secret=JBSWY3DPEHPK3PXP&period=30';
let operators: OperatorAccount[];
let posted: { url: string; body: unknown }[];

const show = (language: 'en' | 'ru' = 'en') =>
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OperatorsScreen selfId={1} />
      </QueryClientProvider>
    </I18nextProvider>,
  );

beforeEach(() => {
  operators = [
    { id: 1, email: 'igor@ops.example', name: 'Igor', role: 'admin', is_active: true },
    { id: 2, email: 'anna@ops.example', name: 'Anna', role: 'support', is_active: true },
  ];
  posted = [];
  consoleSession.set({ token: 't', expires_in: 900, operator: operators[0]! });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const raw = init?.body ?? (input instanceof Request ? await input.text() : null);
      const body = raw ? JSON.parse(String(raw)) : null;
      if (url.includes('/console/operators')) return json(operators);
      posted.push({ url, body });
      if (url.includes('/console/create-operator')) {
        const op = { id: 3, email: body.email, name: body.name, role: body.role, is_active: true };
        operators = [...operators, op];
        return json({ operator: op, otpauth_uri: URI_ });
      }
      if (url.includes('/console/update-operator')) {
        operators = operators.map((o) => (o.id === body.operator_id ? { ...o, ...body, id: o.id } : o));
        return json(operators.find((o) => o.id === body.operator_id));
      }
      return json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
});
afterEach(() => {
  consoleSession.set(null);
  vi.unstubAllGlobals();
});

describe('the operators screen', () => {
  it('creates a moderator and shows the authenticator secret and link once', async () => {
    show();
    const form = screen.getByRole('form', { name: 'New operator' });
    await userEvent.type(within(form).getByLabelText('E-mail'), 'mila@ops.example');
    await userEvent.type(within(form).getByLabelText('Name'), 'Mila');
    await userEvent.type(within(form).getByLabelText('Password'), 'Mila-pass-12345');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'moderator');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    const created = await screen.findByRole('status');
    expect(created).toHaveTextContent('Mila is created. Shown once');
    expect(created).toHaveTextContent('Secret: JBSWY3DPEHPK3PXP');
    expect(created).toHaveTextContent(URI_);
    expect(posted[0]).toEqual({
      url: expect.stringContaining('/crm/api/console/create-operator'),
      body: { email: 'mila@ops.example', name: 'Mila', password: 'Mila-pass-12345', role: 'moderator' },
    });
    expect(await screen.findByText('mila@ops.example')).toBeInTheDocument();
  });

  it('changes a role and deactivates; the admin’s own row cannot be changed', async () => {
    show();
    await userEvent.selectOptions(await screen.findByLabelText('Role: Anna'), 'moderator');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ operator_id: 2, role: 'moderator' });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate: Anna' }));
    await waitFor(() => expect(posted[1]?.body).toEqual({ operator_id: 2, is_active: false }));
    expect(await screen.findByRole('button', { name: 'Activate: Anna' })).toBeInTheDocument();
    expect(screen.getByLabelText('Role: Igor')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Deactivate: Igor/ })).toBeNull();
  });

  it('in Russian', async () => {
    show('ru');
    expect(await screen.findByRole('button', { name: 'Отключить: Anna' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Новый оператор' })).toBeInTheDocument();
  });
});
