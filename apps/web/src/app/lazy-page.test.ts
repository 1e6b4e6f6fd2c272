import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

afterEach(() => window.sessionStorage.clear());

describe('lazy route import', () => {
  it('reloads at /org/ once when a chunk fails to load, then lets the error boundary show the second failure', async () => {
    const reload = vi.fn();
    const failing = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      reload,
    );
    void failing();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith('/org/'));
    await expect(failing()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loads the page component and clears the reload flag', async () => {
    window.sessionStorage.setItem('tourdesk:chunk-reload', '1');
    const Page = () => null;
    await expect(lazyPage(() => Promise.resolve(Page))()).resolves.toEqual({ Component: Page });
    expect(window.sessionStorage.getItem('tourdesk:chunk-reload')).toBeNull();
  });
});
