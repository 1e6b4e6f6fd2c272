import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { captchaRoutes } from '@tourdesk/contract/api/captcha-routes';
import type { SiteTokens } from '@tourdesk/contract/entities/domain-info';
import { useTranslation } from 'react-i18next';
import { loadSiteTokens } from '../features/general/api/get-site-tokens';
import { captchaRequests } from '../features/captcha/api/captcha-requests';
import { solveInvisibleCaptcha } from '../features/captcha/api/invisible-captcha';
import { api } from '../lib/api/client';
import { currentLanguage } from '../lib/i18n/i18n';

// The modal (Radix dialog, focus trap, scroll lock) loads with the first captcha, not with every screen.
const CaptchaHost = lazy(() =>
  import('../features/captcha/components/captcha-host').then((m) => ({ default: m.CaptchaHost })),
);

/**
 * Wires the captcha into the api client: a 429 captcha opens the modal (challenge URLs from
 * /spa/site-tokens, else the contract's path), invisible-captcha calls get a background token.
 */
export function CaptchaRoot() {
  const { i18n } = useTranslation();
  const pending = useSyncExternalStore(captchaRequests.subscribe, captchaRequests.current, captchaRequests.current);
  // once shown the host stays mounted, so its closing animation plays
  const [needed, setNeeded] = useState(false);
  if (pending !== null && !needed) setNeeded(true);
  // the tokens load when the first captcha is due, not on every page
  const [tokens, setTokens] = useState<{ data?: SiteTokens; isError?: boolean; isPending: boolean }>({
    isPending: true,
  });
  useEffect(() => {
    if (!needed) return undefined;
    let current = true;
    loadSiteTokens().then(
      (data) => current && setTokens({ data, isPending: false }),
      () => current && setTokens({ isError: true, isPending: false }),
    );
    return () => {
      current = false;
    };
  }, [needed]);

  useEffect(() => {
    api.setCaptchaHandler(captchaRequests.handler);
    api.setInvisibleCaptchaProvider(solveInvisibleCaptcha);
    return () => {
      api.setCaptchaHandler(null);
      api.setInvisibleCaptchaProvider(null);
    };
  }, []);

  // Site tokens that failed to load leave the contract's challenge path; a wrong one shows 'Captcha loading error'.
  const fallback = captchaRoutes.challenge.path;
  const urls = tokens.isError
    ? { captcha: fallback, hardCaptcha: `${fallback}?hard=1` }
    : {
        captcha: tokens.data?.captcha_key || null,
        hardCaptcha: tokens.data?.hard_captcha_key || null,
        isLoading: tokens.isPending,
      };

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CaptchaHost requests={captchaRequests} urls={urls} language={currentLanguage(i18n)} />
    </Suspense>
  );
}
