import { Suspense, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast, cn, Spinner, Tabs } from '@tourdesk/ui';
import { BASE_PATH } from '@tourdesk/contract/constants';
import { LoginForm } from '../../features/auth/components/login-form';
import { lazyWithQueryLayer } from '../../lib/query/load-query-client';
import { currentBrand } from '../../brands/current-brand';
import { parseRedirectQuery } from '../redirect-query';
import { TaggedText } from '../../lib/i18n/tagged-text';
import { loadErrorTexts } from '../../lib/i18n/i18n';

// Registration brings the phone input (libphonenumber), sign-in by code its countdown, and both
// the query cache, and the error texts (the sign-in form loads those when it first needs them):
// /login does not load them until they are opened.
const RegisterForm = lazyWithQueryLayer(() =>
  Promise.all([import('../../features/auth/components/register-form'), loadErrorTexts()]).then(([m]) => m.RegisterForm),
);
const CodeSignInForm = lazyWithQueryLayer(() =>
  Promise.all([import('../../features/auth/components/code-sign-in-form'), loadErrorTexts()]).then(
    ([m]) => m.CodeSignInForm,
  ),
);

function FormSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-10 text-primary-600">
      <Spinner label={t('app.loading')} />
    </div>
  );
}

/** A legal link: external brand links open in a new tab, /org paths stay in the app. */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  const className = 'font-medium text-primary-700 underline-offset-2 hover:underline';
  if (href.startsWith(`${BASE_PATH}/`)) {
    return (
      <Link to={href.slice(BASE_PATH.length)} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

/** Registration's texts live in the account namespace, loaded with the form rather than with sign-in. */
function RegisterPanel({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('account');
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('register.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('register.subtitle')}</p>
      </div>
      <RegisterForm onRegistered={onRegistered} />
    </>
  );
}

/** /login and /register share this screen (boxed, guestOnly): sign in by password or code, or register. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isRegister = pathname.endsWith('/register');
  const query = params.toString() ? `?${params.toString()}` : '';

  const afterSignIn = () => {
    const target = parseRedirectQuery(params.get('redirect'));
    if (target.kind === 'illegal') toast.error(tc('errors.illegalRedirect'));
    void navigate(target.kind === 'path' ? target.path : '/', { replace: true });
  };

  const tabClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary-500',
      isActive
        ? 'bg-surface-raised text-neutral-900 shadow-sm ring-1 ring-neutral-200'
        : 'text-neutral-600 hover:text-neutral-900',
    );

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t('modeLabel')} className="flex gap-1 rounded-lg bg-neutral-100 p-1">
        <NavLink to={`/login${query}`} className={tabClass} end>
          {t('signIn')}
        </NavLink>
        <NavLink to={`/register${query}`} className={tabClass} end>
          {t('signUp')}
        </NavLink>
      </nav>

      {isRegister ? (
        <Suspense fallback={<FormSpinner />}>
          <RegisterPanel onRegistered={afterSignIn} />
        </Suspense>
      ) : (
        <>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('welcome')}</h1>
            <p className="mt-1 text-sm text-neutral-600">{t('subtitle')}</p>
          </div>
          <Tabs
            label={t('signInByCode.modeLabel')}
            items={[
              {
                value: 'password',
                label: t('signInByCode.byPassword'),
                content: (
                  <div className="pt-4">
                    <LoginForm onSignedIn={afterSignIn} />
                  </div>
                ),
              },
              {
                value: 'code',
                label: t('signInByCode.byCode'),
                content: (
                  <div className="pt-4">
                    <Suspense fallback={<FormSpinner />}>
                      <CodeSignInForm onSignedIn={afterSignIn} />
                    </Suspense>
                  </div>
                ),
              },
            ]}
          />
        </>
      )}

      <p className="text-center text-xs leading-relaxed text-neutral-500">
        <TaggedText
          text={isRegister ? t('legalSignUp') : t('legal')}
          components={{
            terms: <LegalLink href={currentBrand.terms_url} />,
            privacy: <LegalLink href={currentBrand.privacy_url} />,
          }}
        />
      </p>
    </div>
  );
}
