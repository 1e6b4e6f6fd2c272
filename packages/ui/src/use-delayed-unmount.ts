import { useEffect, useState } from 'react';

/**
 * Stays true for `delay` ms after `open` turns false, so a closing animation can play
 * before the element unmounts.
 */
export function useDelayedUnmount(open: boolean, delay: number): boolean {
  const [mounted, setMounted] = useState(open);
  const [prevOpen, setPrevOpen] = useState(open);
  if (open !== prevOpen) {
    setPrevOpen(open);
    if (open) setMounted(true);
  }
  useEffect(() => {
    if (open || !mounted) return;
    const timer = setTimeout(() => setMounted(false), delay);
    return () => clearTimeout(timer);
  }, [open, mounted, delay]);
  return open || mounted;
}
