import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizerCard, VerificationQueueItem } from '@tourdesk/contract/api/operator-console';
import { consoleSession } from './api/console-api';
import { json, renderConsole } from './console-test-utils';

/** Issue 30: the organizer's card from a queue row (read-only), the document opened with the operator's header. */
const DOC = '/crm/api/console/verification-document/7';
const queueItem: VerificationQueueItem = {
  organizer_id: 7,
  name: 'Volga Trips',
  internal_check_status: 'not_performed',
  verification_status: 'in_progress',
  full_name: 'Vera Volga',
  document_type: 'passport',
  document_number: '4510 123456',
  document_url: DOC,
  submitted_at: '2026-11-28T10:00:00.000Z',
  site_ids: [1],
};
const card: OrganizerCard = {
  organizer: {
    id: 7,
    name: 'Volga Trips',
    created_at: '2026-01-10T10:00:00.000Z',
    verification_status: 'failed',
    internal_check_status: 'failed',
    verification_reason: 'Blurry scan',
    commission_percent: 10,
    details: { phone: '+7 999 000 11 22' },
    sites: [{ id: 1, name: 'Site A', status: 'moderation' }],
  },
  submission: {
    full_name: 'Vera Volga',
    document_type: 'passport',
    document_number: '4510 123456',
    submitted_at: '2026-11-28T10:00:00.000Z',
    document_url: DOC,
  },
  verification_history: [
    { action: 'verification.reject', operator_name: 'Mila', reason: 'Blurry scan', created_at: '2026-11-29T10:00:00Z' },
  ],
  tours: [{ id: 3, name: 'Volga in 3 days', status: 'active', sites: [{ site_id: 1, status: 'moderation' }] }],
  requests: [
    {
      id: 11,
      status: 1,
      tour_name: 'Volga in 3 days',
      customer_name: 'Oleg',
      tourists_count: 2,
      total_minor: 1_500_000,
      currency: 'RUB',
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
  chats: [
    { id: 5, kind: 'tourist', title: 'Olga', is_frozen: true, last_text: 'When?', updated_at: '2026-11-21T10:00:00Z' },
  ],
};
let calls: { url: string; auth: string | null }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      calls.push({ url, auth: headers.get('x-operator-authorization') });
      if (url.includes('/console/queue-counts')) return json({ verification: 1, partnerships: 0, tours: 0 });
      if (url.includes('/console/sites')) return json([{ id: 1, name: 'Site A' }]);
      if (url.includes('/console/verification-queue')) return json([queueItem]);
      if (url.includes('/console/organizer-card')) return json(card);
      if (url.endsWith(DOC)) return new Response(new Blob(['%PDF-1.4']), { status: 200 });
      return json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
});
afterEach(() => {
  consoleSession.set(null);
  vi.unstubAllGlobals();
});

describe('the organizer card', () => {
  it('opens from a queue row: profile, verification history, tours, requests, chats, read-only', async () => {
    renderConsole('moderator');
    const row = await screen.findByRole('article', { name: 'Volga Trips' });
    await userEvent.click(within(row).getByRole('button', { name: 'Organizer card: Volga Trips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volga Trips' });
    expect(await within(dialog).findByText('Read-only. Each view is written to the audit log.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('organizer-card'))).toEqual({
      url: expect.stringContaining('organizer_id=7'),
      auth: 'Bearer op-token',
    });
    const history = within(dialog).getByRole('region', { name: 'Verification history' });
    expect(history).toHaveTextContent('Rejected verification · Mila — Blurry scan');
    expect(within(dialog).getByRole('region', { name: 'Profile' })).toHaveTextContent('rejected — Blurry scan');
    expect(within(dialog).getByRole('region', { name: 'Profile' })).toHaveTextContent('+7 999 000 11 22');
    expect(within(dialog).getByRole('region', { name: 'Tours' })).toHaveTextContent('Volga in 3 days · active');
    expect(within(dialog).getByRole('region', { name: 'Recent requests' })).toHaveTextContent('#11');
    expect(within(dialog).getByRole('region', { name: 'Recent requests' })).toHaveTextContent('2 people');
    expect(within(dialog).getByRole('region', { name: 'Recent chats' })).toHaveTextContent('Olga');
    expect(within(dialog).getByRole('region', { name: 'Recent chats' })).toHaveTextContent('frozen');
    // read-only: nothing in it changes anything
    expect(within(dialog).queryByRole('button', { name: /approve|reject|publish/i })).toBeNull();
  });

  it('the document opens with the operator’s header, in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const created = vi.fn(() => 'blob:doc');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderConsole('moderator');
    const row = await screen.findByRole('article', { name: 'Volga Trips' });
    await userEvent.click(within(row).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:doc'));
    expect(calls.find((c) => c.url.endsWith(DOC))?.auth).toBe('Bearer op-token');
  });

  it('in Russian', async () => {
    renderConsole('admin', 'ru');
    const row = await screen.findByRole('article', { name: 'Volga Trips' });
    await userEvent.click(within(row).getByRole('button', { name: 'Карточка организатора: Volga Trips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volga Trips' });
    expect(await within(dialog).findByRole('region', { name: 'История проверки' })).toHaveTextContent(
      'Mila — Blurry scan',
    );
    expect(within(dialog).getByRole('region', { name: 'Последние заявки' })).toHaveTextContent('2 человека');
  });
});
