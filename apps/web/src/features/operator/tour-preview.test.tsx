import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TourQueueItem } from '@tourdesk/contract/api/operator-console';
import { consoleSession } from './api/console-api';
import { json, renderConsole } from './console-test-utils';

/** Issue 30: the tour queue shows a tour as its site page would, fetched with the operator's header. */
const item: TourQueueItem = {
  tour_id: 3,
  tour_name: 'Volga in 3 days',
  organizer_id: 7,
  organizer_name: 'Volga Trips',
  site_id: 1,
  site_name: 'Site A',
  status: 'moderation',
  description: '',
  days: 3,
  waiting_since: '2026-11-28T10:00:00.000Z',
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
      if (url.includes('/console/queue-counts')) return json({ verification: 0, partnerships: 0, tours: 1 });
      if (url.includes('/console/sites')) return json([{ id: 1, name: 'Site A' }]);
      if (url.includes('/console/tour-queue')) return json([item]);
      const preview = /\/console\/tour-preview\/3\?lang=(en|ru)$/.exec(url);
      if (preview)
        return new Response(
          `<!doctype html><html lang="${preview[1]}"><body><h1>Page ${preview[1]}</h1></body></html>`,
          {
            status: 200,
            headers: { 'Content-Type': 'text/html' },
          },
        );
      return json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
});
afterEach(() => {
  consoleSession.set(null);
  vi.unstubAllGlobals();
});

describe('the tour preview in the tour queue', () => {
  it('opens the page in a sandboxed frame, in either language', async () => {
    renderConsole('moderator', 'en', '/?tab=tours');
    const row = await screen.findByRole('article', { name: 'Volga in 3 days' });
    await userEvent.click(within(row).getByRole('button', { name: 'Preview: Volga in 3 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volga in 3 days' });
    const frame = await within(dialog).findByTitle('Page of Volga in 3 days');
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Page en</h1>');
    expect(calls.find((c) => c.url.includes('tour-preview'))).toEqual({
      url: '/crm/api/console/tour-preview/3?lang=en',
      auth: 'Bearer op-token',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Русский' }));
    expect(within(dialog).getByRole('button', { name: 'Русский' })).toHaveAttribute('aria-pressed', 'true');
    expect((await within(dialog).findByTitle('Page of Volga in 3 days')).getAttribute('srcdoc')).toContain(
      '<h1>Page ru</h1>',
    );
  });

  it('in Russian, and a failed load says so', async () => {
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/console/queue-counts')) return json({ verification: 0, partnerships: 0, tours: 1 });
      if (url.includes('/console/sites')) return json([]);
      if (url.includes('/console/tour-queue')) return json([item]);
      return json({ message: 'Not found', code: 'tour_not_found' }, 404);
    });
    renderConsole('moderator', 'ru', '/?tab=tours');
    const row = await screen.findByRole('article', { name: 'Volga in 3 days' });
    await userEvent.click(within(row).getByRole('button', { name: 'Просмотр: Volga in 3 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volga in 3 days' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить просмотр. Попробуйте ещё раз.',
    );
  });
});
