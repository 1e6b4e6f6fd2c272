import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner, buttonClassName } from '@tourdesk/ui';
import { LinkIcon } from 'lucide-react';
import { useAccessTokenByOneTimeToken } from '../../features/auth/api/access-token-by-one-time-token';

/** /login-via-token?token=…: a one-time link; stores the session and goes to /. */
export function LoginViaTokenPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const exchange = useAccessTokenByOneTimeToken({ onSuccess: () => void navigate('/', { replace: true }) });
  const { mutate } = exchange;
  const started = useRef(false);

  useEffect(() => {
    // one use only: never send the token twice (StrictMode runs effects twice)
    if (started.current || token === '') return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  const failed = token === '' || exchange.isError;
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('loginViaToken.title')}</h1>
      {failed ? (
        <div role="alert" className="flex flex-col items-center gap-3">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-danger-50 text-danger-600 ring-1 ring-danger-100">
            <LinkIcon size={24} aria-hidden="true" />
          </span>
          <p className="text-sm text-neutral-700">{t('errors:invalid_link')}</p>
          <Link to="/login" className={buttonClassName({ variant: 'primary' })}>
            {t('loginViaToken.toSignIn')}
          </Link>
        </div>
      ) : (
        <div className="py-4 text-primary-600">
          <Spinner label={t('loginViaToken.signingIn')} />
        </div>
      )}
    </div>
  );
}
