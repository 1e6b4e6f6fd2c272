import { IDLE_CALLBACK_TIMEOUT, SCROLL_MAX_DURATION, SCROLL_MIN_DURATION, SCROLL_SPEED } from './constants';

/** Keeps a number within [min, max]; either bound may be absent. */
export function clamp(value: number, min?: number, max?: number): number {
  let result = value;
  if (min !== undefined && result < min) result = min;
  if (max !== undefined && result > max) result = max;
  return result;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Hint timer: `mm:ss`, or `hh:mm:ss` when there are hours. Negative counts as 0. */
export function formatHintTimer(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const seconds = safe % 60;
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** File size in MB with 2 decimals in the locale's notation, e.g. 1572864 → "1.50" (en), "1,50" (ru). */
export function formatFileSizeMb(bytes: number, locale = 'en'): string {
  return (bytes / 1024 / 1024).toLocaleString(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}

/** Calls fn at most once per `wait` ms; the last call in a window runs at its end. */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
): ((...args: A) => void) & { cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: A | null = null;
  const throttled = (...args: A) => {
    const now = Date.now();
    const remaining = wait - (now - last);
    if (remaining <= 0) {
      clearTimeout(timer);
      timer = undefined;
      last = now;
      fn(...args);
      return;
    }
    pendingArgs = args;
    timer ??= setTimeout(() => {
      last = Date.now();
      timer = undefined;
      if (pendingArgs) fn(...pendingArgs);
      pendingArgs = null;
    }, remaining);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pendingArgs = null;
  };
  return throttled;
}

/** Duration of an animated scroll over `distance` px at `speed` px/s, clamped to 250–3000 ms. */
export function scrollDuration(distance: number, speed: number = SCROLL_SPEED): number {
  return Math.round(clamp((Math.abs(distance) / speed) * 1000, SCROLL_MIN_DURATION, SCROLL_MAX_DURATION));
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls the window (or an element) to `top` with an eased animation; resolves when done. */
export function animateScrollTo(top: number, options: { container?: HTMLElement; speed?: number } = {}): Promise<void> {
  const { container, speed = SCROLL_SPEED } = options;
  const start = container ? container.scrollTop : window.scrollY;
  const distance = top - start;
  const duration = scrollDuration(distance, speed);
  const prefersReduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const set = (y: number) => (container ? (container.scrollTop = y) : window.scrollTo(0, y));
  if (distance === 0 || prefersReduced) {
    set(top);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const begin = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - begin) / duration);
      set(start + distance * easeInOut(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Runs the callback when the browser is idle, at the latest after 3000 ms. Returns a cancel function. */
export function runWhenIdle(callback: () => void, timeout: number = IDLE_CALLBACK_TIMEOUT): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 1);
  return () => clearTimeout(timer);
}
