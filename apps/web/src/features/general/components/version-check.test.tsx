import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@tourdesk/ui';
import { VERSION_CHECK_INTERVAL_MS } from '@tourdesk/contract/constants';
import { createTestI18n } from '../../../lib/i18n/resources';
import { VersionCheck } from './version-check';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('version check', () => {
  it('polls /meta/version.json every 30 s and offers a reload when the timestamp changes', async () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(30_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let timestamp = 100;
    const fetch = vi.fn(async (_url: string) => json({ timestamp }));
    vi.stubGlobal('fetch', fetch);
    const reload = vi.fn();
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <VersionCheck buildTimestamp={100} reload={reload} />
        <Toaster />
      </I18nextProvider>,
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]?.[0]).toBe('/meta/version.json');
    await act(() => vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('A new version is available')).toBeNull();

    timestamp = 200;
    await act(() => vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS));
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
  });

  it('does not poll while the tab is hidden, and checks at once when it is shown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const fetch = vi.fn(async (_url: string) => json({ timestamp: 100 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <VersionCheck buildTimestamp={100} />
      </I18nextProvider>,
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    visibility = 'hidden';
    await act(() => vi.advanceTimersByTimeAsync(3 * VERSION_CHECK_INTERVAL_MS));
    expect(fetch).toHaveBeenCalledTimes(1);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    vi.restoreAllMocks();
  });
});
