import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A seconds countdown (resend code, connection-code lifetime). `start(n)` (re)starts it; it
 * ticks once a second down to 0 and then calls `onZero` once.
 */
export const useCountdown = (onZero?: () => void) => {
  const [left, setLeft] = useState(0);
  const timer = useRef<number | undefined>(undefined);
  const onZeroRef = useRef(onZero);
  useEffect(() => {
    onZeroRef.current = onZero;
  });

  const stop = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  const start = useCallback(
    (seconds: number) => {
      stop();
      let remaining = Math.max(0, Math.round(seconds));
      setLeft(remaining);
      if (remaining === 0) return;
      timer.current = window.setInterval(() => {
        remaining -= 1;
        setLeft(remaining);
        if (remaining <= 0) {
          stop();
          onZeroRef.current?.();
        }
      }, 1000);
    },
    [stop],
  );

  const reset = useCallback(() => {
    stop();
    setLeft(0);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { left, isRunning: left > 0, start, reset };
};
