import { Link, Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageSwitch } from '../../components/language-switch';
import { profileQueryOptions } from '../../features/auth/api/get-profile';
import { api } from '../../lib/api/client';
import { UserMenu } from './user-menu';

/** Empty layout: a slim top bar and the page, no navigation (organizer-less and utility screens). */
export function EmptyLayout() {
  const { data: user } = useQuery({ ...profileQueryOptions(), enabled: api.hasToken() });
  return (
    <div className="min-h-dvh bg-neutral-50">
      <header className="sticky top-0 z-20 border-b border-neutral-200 bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to="/"
            className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          >
            <BrandLogo size={32} />
          </Link>
          <div className="flex items-center gap-3">{user ? <UserMenu user={user} compact /> : <LanguageSwitch />}</div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
        <Outlet />
      </main>
    </div>
  );
}
