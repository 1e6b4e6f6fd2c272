import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@tourdesk/ui';
import { Compass, TriangleAlert } from 'lucide-react';
import { BrandLogo } from '../components/brand-logo';
import { isDebugMode } from '../lib/debug-mode';
import { isApiError } from '../lib/api/api-error';
import { currentBrand } from '../brands/current-brand';

const statusOf = (error: unknown): number => {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error) && error.status > 0) return error.status;
  return 500;
};

/** SPEC §8: title 'error code' with the status, a 404 text or a generic title, a home button; details only in debug mode. */
export function ErrorPage({ status, error }: { status: number; error?: unknown }) {
  const { t } = useTranslation();
  const isNotFound = status === 404;
  const details = error !== undefined && isDebugMode() ? describe(error) : null;
  const Icon = isNotFound ? Compass : TriangleAlert;
  const heading = isNotFound ? t('error.notFound') : t('error.generic');
  // The router's error boundary replaces the shell (and its title): the tab says what happened.
  useEffect(() => {
    document.title = `${heading} · ${currentBrand.name}`;
  }, [heading]);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-neutral-50 px-4 py-10">
      <header className="mb-auto">
        <BrandLogo size={36} />
      </header>
      <main id="main" className="my-12 flex w-full max-w-lg flex-col items-center text-center">
        <span className="mb-6 flex size-20 items-center justify-center rounded-3xl bg-primary-50 text-primary-600 ring-1 ring-primary-100">
          <Icon size={36} strokeWidth={1.6} aria-hidden="true" />
        </span>
        <h1 className="text-sm font-semibold tracking-[0.2em] text-primary-700 uppercase">
          {t('error.title', { status })}
        </h1>
        <p className="mt-3 text-3xl font-semibold tracking-tight text-neutral-900 sm:text-4xl">{heading}</p>
        <p className="mt-3 text-base text-neutral-600">
          {isNotFound ? t('error.notFoundText') : t('error.genericText')}
        </p>
        <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg', className: 'mt-8' })}>
          {t('error.home')}
        </Link>
        {details && (
          <details
            open
            className="mt-8 w-full rounded-xl border border-danger-200 bg-danger-50 p-4 text-left text-sm text-danger-800"
          >
            <summary className="cursor-pointer font-medium">{t('error.details')}</summary>
            <pre className="mt-2 overflow-auto text-xs whitespace-pre-wrap">{details}</pre>
          </details>
        )}
      </main>
      <div className="mt-auto" />
    </div>
  );
}

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}\n${JSON.stringify(error.data, null, 2)}`;
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  return JSON.stringify(error, null, 2);
};

/** The router's error boundary. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorPage status={statusOf(error)} error={error} />;
}

/** Any path outside the route table. */
export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
