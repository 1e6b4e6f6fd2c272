import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Spinner } from '@tourdesk/ui';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import type { CaptchaRequests } from '../api/captcha-requests';

const CaptchaWidget = lazy(() => import('./captcha-widget').then((m) => ({ default: m.CaptchaWidget })));

export interface CaptchaUrls {
  /** the ALTCHA challenge URL for type 'captcha' */
  captcha: string | null;
  /** the harder one for type 'hard_captcha' */
  hardCaptcha: string | null;
  /** the URLs are still loading */
  isLoading?: boolean;
}

/**
 * SPEC §4 captcha modal (width 368): the first pending 429 captcha; solving it retries the
 * call with x-captcha-token, closing it fails the call.
 */
export function CaptchaHost({
  requests,
  urls,
  language,
}: {
  requests: CaptchaRequests;
  urls: CaptchaUrls;
  language: string;
}) {
  const { t } = useTranslation('account');
  const request = useSyncExternalStore(requests.subscribe, requests.current, requests.current);
  const [failedFor, setFailedFor] = useState<number | null>(null);
  const url = request ? (request.body.type === 'hard_captcha' ? urls.hardCaptcha : urls.captcha) : null;
  const failed = request !== null && (failedFor === request.id || (!url && !urls.isLoading));

  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && request && requests.dismiss(request.id)}
      title={
        <span className="flex items-center gap-2">
          <ShieldCheck size={18} className="text-primary-600" aria-hidden="true" />
          {t('captcha.title')}
        </span>
      }
      width="captcha"
    >
      {request && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-neutral-600">
            {request.body.type === 'hard_captcha' ? t('captcha.hardText') : t('captcha.text')}
          </p>
          {failed ? (
            <p
              role="alert"
              className="flex items-center gap-2 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700"
            >
              <CircleAlert size={16} aria-hidden="true" />
              {t('captcha.loadingError')}
            </p>
          ) : (
            url && (
              <Suspense
                key={url}
                fallback={
                  <div className="flex justify-center py-4 text-primary-600">
                    <Spinner label={t('captcha.loading')} />
                  </div>
                }
              >
                <CaptchaWidget
                  key={request.id}
                  challengeUrl={url}
                  language={language}
                  onVerified={(payload) => requests.solve(request.id, payload)}
                  onStateChange={(state) => {
                    if (state === 'error') setFailedFor(request.id);
                  }}
                />
              </Suspense>
            )
          )}
        </div>
      )}
    </Modal>
  );
}
