import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';
import { useBreakpoint } from './use-breakpoint';

describe('Tooltip', () => {
  it('shows its content when the trigger gets keyboard focus', async () => {
    render(
      <Tooltip content="Copies the link">
        <button type="button">Share</button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copies the link');
  });
});

describe('useBreakpoint', () => {
  afterEach(() => vi.useRealTimers());
  it('follows window resizes at most once per 1000 ms', () => {
    vi.useFakeTimers();
    window.innerWidth = 1300;
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current.breakpoint).toBe('lg');
    expect(result.current.up('md')).toBe(true);
    expect(result.current.isMobile).toBe(false);
    act(() => {
      window.innerWidth = 1300;
      window.dispatchEvent(new Event('resize'));
    });
    act(() => {
      window.innerWidth = 500;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current.breakpoint).toBe('lg');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.breakpoint).toBe('xs');
    expect(result.current.isMobile).toBe(true);
  });
});
