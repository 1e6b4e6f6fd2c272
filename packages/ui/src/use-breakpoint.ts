import { useEffect, useState } from 'react';
import { BREAKPOINTS, RESIZE_THROTTLE, type BreakpointName } from './constants';
import { throttle } from './utils';

export type Breakpoint = 'xs' | BreakpointName;

/** The breakpoint a width falls into: xs below 576, then sm, md, lg, xl, xxl (min-width). */
export function getBreakpoint(width: number): Breakpoint {
  let current: Breakpoint = 'xs';
  for (const [name, min] of Object.entries(BREAKPOINTS) as [BreakpointName, number][]) if (width >= min) current = name;
  return current;
}

export interface BreakpointState {
  breakpoint: Breakpoint;
  width: number;
  /** True when the width is at least the named breakpoint. */
  up: (name: BreakpointName) => boolean;
  isMobile: boolean;
}

function measure(): number {
  return typeof window === 'undefined' ? BREAKPOINTS.lg : window.innerWidth;
}

/** The current breakpoint; window resizes are throttled to one update per 1000 ms. */
export function useBreakpoint(): BreakpointState {
  const [width, setWidth] = useState(measure);
  useEffect(() => {
    const onResize = throttle(() => setWidth(measure()), RESIZE_THROTTLE);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return {
    breakpoint: getBreakpoint(width),
    width,
    up: (name) => width >= BREAKPOINTS[name],
    isMobile: width < BREAKPOINTS.md,
  };
}
