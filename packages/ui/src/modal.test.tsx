import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODAL_CLOSE_WAIT } from './constants';
import { Modal, resolveModalWidth, type ModalProps } from './modal';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Confirm phone number" {...props}>
        <input aria-label="Code from sms" />
      </Modal>
    </>
  );
}

describe('Modal widths', () => {
  it('maps the named widths and defaults to 500', () => {
    expect(resolveModalWidth()).toBe(500);
    expect(resolveModalWidth('call')).toBe(440);
    expect(resolveModalWidth('dialog')).toBe(600);
    expect(resolveModalWidth('form')).toBe(600);
    expect(resolveModalWidth('largeForm')).toBe(880);
    expect(resolveModalWidth('viewer')).toBe(880);
    expect(resolveModalWidth('captcha')).toBe(368);
    expect(resolveModalWidth(720)).toBe(720);
  });

  it('applies the width as max-width', () => {
    render(<Modal open onOpenChange={() => {}} title="Captcha" width="captcha" />);
    expect(screen.getByRole('dialog', { name: 'Captcha' })).toHaveStyle({ maxWidth: '368px' });
  });
});

describe('Modal', () => {
  afterEach(() => vi.useRealTimers());

  it('traps focus inside and restores it to the opener on close', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirm phone number' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    // (the 300 ms close animation itself is timed with fake timers in the next test)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('stays mounted for the 300 ms close animation, then unmounts', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Modal open onOpenChange={() => {}} title="Hello" />);
    rerender(<Modal open={false} onOpenChange={() => {}} title="Hello" />);
    const dialog = screen.getByRole('dialog', { name: 'Hello' });
    expect(dialog).toHaveAttribute('data-closing', 'true');
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_WAIT - 10));
    expect(screen.getByRole('dialog', { name: 'Hello' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape when not persistent', async () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Hello" />);
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a persistent modal shakes instead of closing on Escape or a backdrop click', async () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Sign partnership" persistent />);
    const dialog = screen.getByRole('dialog', { name: 'Sign partnership' });
    await userEvent.keyboard('{Escape}');
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(dialog).toHaveAttribute('data-shaking', 'true');
    expect(dialog.className).toContain('animate-shake');
    const overlay = screen.getByTestId('modal-overlay');
    fireEvent.pointerDown(overlay);
    fireEvent.click(overlay);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Sign partnership' })).toBeInTheDocument();
  });

  it('a backdrop click closes a normal modal', async () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Hello" />);
    // Radix listens for pointerdown outside the content.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const overlay = screen.getByTestId('modal-overlay');
    fireEvent.pointerDown(overlay);
    fireEvent.click(overlay);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes on a swipe down of more than 150 px, not on a shorter one', () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Hello" />);
    const dialog = screen.getByRole('dialog', { name: 'Hello' });
    fireEvent.touchStart(dialog, {
      touches: [{ clientX: 0, clientY: 100 }],
      changedTouches: [{ clientX: 0, clientY: 100 }],
    });
    fireEvent.touchEnd(dialog, { touches: [], changedTouches: [{ clientX: 0, clientY: 250 }] });
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.touchStart(dialog, {
      touches: [{ clientX: 0, clientY: 100 }],
      changedTouches: [{ clientX: 0, clientY: 100 }],
    });
    fireEvent.touchEnd(dialog, { touches: [], changedTouches: [{ clientX: 0, clientY: 251 }] });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('the close button closes it', async () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Hello" persistent />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
