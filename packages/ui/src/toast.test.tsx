import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast as sonnerToast } from 'sonner';
import { TOAST_DEFAULT_CLOSE_DELAY } from './constants';
import { Toaster, toast, toToastArgs } from './toast';

describe('toast', () => {
  afterEach(() => {
    act(() => {
      sonnerToast.dismiss();
    });
  });

  it('closes after 7000 ms by default', () => {
    expect(TOAST_DEFAULT_CLOSE_DELAY).toBe(7000);
    expect(toToastArgs('Saved').options.duration).toBe(7000);
    expect(toToastArgs({ title: 'Saved' }).options.duration).toBe(7000);
    expect(toToastArgs({ title: 'Saved', closeDelay: 2000 }).options.duration).toBe(2000);
  });

  it('shows a string toast of each type', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('All good');
      toast.error('Server Error');
      toast.warning('Careful');
      toast.info('FYI');
    });
    expect(await screen.findByText('All good')).toBeInTheDocument();
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    const types = Array.from(document.querySelectorAll('[data-sonner-toast]')).map((el) =>
      el.getAttribute('data-type'),
    );
    expect(types.sort()).toEqual(['error', 'info', 'success', 'warning']);
  });

  it('shows an object toast with title, text and buttons', async () => {
    const onReload = vi.fn();
    render(<Toaster />);
    act(() => {
      toast.info({
        title: 'New version',
        text: 'Reload the page to update',
        buttons: [{ label: 'Reload', onClick: onReload }],
      });
    });
    expect(await screen.findByText('New version')).toBeInTheDocument();
    expect(screen.getByText('Reload the page to update')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('follows the document colour scheme', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Themed');
    });
    await screen.findByText('Themed');
    const toaster = () => document.querySelector('[data-sonner-toaster]');
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'light');
    act(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await waitFor(() => expect(toaster()).toHaveAttribute('data-sonner-theme', 'dark'));
    document.documentElement.removeAttribute('data-theme');
  });
});
