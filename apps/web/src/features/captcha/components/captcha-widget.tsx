import { useEffect, useRef } from 'react';
import 'altcha';
// The widget bundles only its English texts; the Russian ones register themselves (2 kB).
import 'altcha/i18n/ru';
import type {} from 'altcha/types/react';

const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true });

export type CaptchaWidgetState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | string;

/**
 * The ALTCHA web component (loaded with this module). `challengeUrl` is where it fetches the
 * challenge; `language` (en or ru, the page's) chooses its texts.
 */
export function CaptchaWidget({
  challengeUrl,
  language,
  onVerified,
  onStateChange,
}: {
  challengeUrl: string;
  language: string;
  onVerified: (payload: string) => void;
  onStateChange: (state: CaptchaWidgetState) => void;
}) {
  const ref = useRef<HTMLElement | null>(null);
  const handlers = useRef({ onVerified, onStateChange });
  useEffect(() => {
    handlers.current = { onVerified, onStateChange };
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: CaptchaWidgetState; payload?: string | null }>).detail;
      handlers.current.onStateChange(detail.state);
      if (detail.state === 'verified' && detail.payload) handlers.current.onVerified(detail.payload);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  return (
    <altcha-widget
      ref={ref}
      challenge={challengeUrl}
      language={language}
      configuration={WIDGET_CONFIGURATION}
      style={{ '--altcha-max-width': '100%' }}
    />
  );
}
