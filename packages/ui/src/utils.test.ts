import { afterEach, describe, expect, it, vi } from 'vitest';
import { BREAKPOINTS, IDLE_CALLBACK_TIMEOUT, RESIZE_THROTTLE, SCROLL_SPEED } from './constants';
import { getBreakpoint } from './use-breakpoint';
import { clamp, formatFileSizeMb, formatHintTimer, runWhenIdle, scrollDuration, throttle } from './utils';

describe('formatHintTimer', () => {
  it('formats mm:ss without hours', () => {
    expect(formatHintTimer(0)).toBe('00:00');
    expect(formatHintTimer(5)).toBe('00:05');
    expect(formatHintTimer(60)).toBe('01:00');
    expect(formatHintTimer(299)).toBe('04:59');
    expect(formatHintTimer(3599)).toBe('59:59');
  });
  it('formats hh:mm:ss with hours', () => {
    expect(formatHintTimer(3600)).toBe('01:00:00');
    expect(formatHintTimer(3661)).toBe('01:01:01');
    expect(formatHintTimer(36000 + 59)).toBe('10:00:59');
  });
  it('treats negatives as zero and floors fractions', () => {
    expect(formatHintTimer(-3)).toBe('00:00');
    expect(formatHintTimer(59.9)).toBe('00:59');
  });
});

describe('clamp', () => {
  it('keeps values within min and max', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-1, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
    expect(clamp(11)).toBe(11);
    expect(clamp(-5, undefined, 3)).toBe(-5);
  });
});

describe('formatFileSizeMb', () => {
  it('shows MB with 2 decimals', () => {
    expect(formatFileSizeMb(1024 * 1024)).toBe('1.00');
    expect(formatFileSizeMb(1572864)).toBe('1.50');
    expect(formatFileSizeMb(1572864, 'ru')).toBe('1,50');
    expect(formatFileSizeMb(5000 * 1024 * 1024, 'ru')).toBe('5000,00');
    expect(formatFileSizeMb(12345)).toBe('0.01');
    expect(formatFileSizeMb(0)).toBe('0.00');
  });
});

describe('scrollDuration', () => {
  it('moves at speed 500 and clamps to 250–3000 ms', () => {
    expect(SCROLL_SPEED).toBe(500);
    expect(scrollDuration(500)).toBe(1000);
    expect(scrollDuration(-1000)).toBe(2000);
    expect(scrollDuration(10)).toBe(250);
    expect(scrollDuration(100000)).toBe(3000);
  });
});

describe('breakpoints', () => {
  it('are sm 576, md 992, lg 1200, xl 1600, xxl 2000', () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, md: 992, lg: 1200, xl: 1600, xxl: 2000 });
    expect(getBreakpoint(575)).toBe('xs');
    expect(getBreakpoint(576)).toBe('sm');
    expect(getBreakpoint(991)).toBe('sm');
    expect(getBreakpoint(992)).toBe('md');
    expect(getBreakpoint(1200)).toBe('lg');
    expect(getBreakpoint(1600)).toBe('xl');
    expect(getBreakpoint(2000)).toBe('xxl');
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());
  it('runs at most once per 1000 ms for resize, with a trailing call', () => {
    vi.useFakeTimers();
    expect(RESIZE_THROTTLE).toBe(1000);
    const fn = vi.fn();
    const throttled = throttle(fn, RESIZE_THROTTLE);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith(1);
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });
});

describe('runWhenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('asks for an idle callback with a 3000 ms time-out', () => {
    expect(IDLE_CALLBACK_TIMEOUT).toBe(3000);
    const ric = vi.fn((cb: () => void) => {
      cb();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', ric);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const cb = vi.fn();
    runWhenIdle(cb);
    expect(ric).toHaveBeenCalledWith(cb, { timeout: 3000 });
    expect(cb).toHaveBeenCalled();
  });
});
