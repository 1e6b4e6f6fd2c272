import { Link, Outlet, useLocation } from 'react-router';
import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageSwitch } from '../../components/language-switch';
import { currentBrand } from '../../brands/current-brand';
import { currentLanguage } from '../../lib/i18n/i18n';

/** Boxed layout: a centered card under the brand's logo, name and tagline. */
export function BoxedLayout() {
  const { t, i18n } = useTranslation();
  const tagline = currentBrand.tagline?.[currentLanguage(i18n)];
  const isHelp = useLocation().pathname === '/help';
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden bg-neutral-50 px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-gradient-to-b from-primary-100/70 via-primary-50/40 to-transparent"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-primary-200/30 blur-3xl"
      />
      <header className="relative mb-8 flex flex-col items-center gap-3 text-center">
        <Link
          to="/"
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-500"
        >
          <BrandLogo size={48} nameClassName="text-2xl" />
        </Link>
        {tagline && <p className="max-w-sm text-sm text-neutral-600">{tagline}</p>}
      </header>
      <main
        id="main"
        className="relative w-full max-w-[28rem] rounded-2xl border border-neutral-200/80 bg-surface-raised p-6 shadow-xl shadow-primary-900/5 sm:p-8"
      >
        <Outlet />
      </main>
      <footer className="relative mt-8 flex flex-wrap items-center justify-center gap-x-4 gap-y-3 text-sm text-neutral-500">
        <LanguageSwitch />
        {!isHelp && (
          <Link
            to="/help"
            className="inline-flex items-center gap-1.5 rounded font-medium text-neutral-600 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          >
            <LifeBuoy size={15} aria-hidden="true" />
            {t('pages:help.link')}
          </Link>
        )}
        <span className="inline-flex items-center gap-1.5">
          <img
            src={currentBrand.flagUrl}
            alt=""
            width={16}
            height={16}
            className="rounded-full ring-1 ring-neutral-200"
          />
          <span>
            {t('app.market')}: {currentBrand.country}
          </span>
        </span>
      </footer>
    </div>
  );
}
