import { Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn, LoadingState } from '@tourdesk/ui';
import {
  BarChart3,
  CalendarCheck2,
  CalendarDays,
  CreditCard,
  FileText,
  Globe,
  LayoutDashboard,
  Map,
  Menu,
  MessagesSquare,
  Settings,
  Star,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useProfile } from '../../features/auth/api/get-profile';
import { useOrganizerList } from '../../features/organizer/api/get-organizer-list';
import { OrganizerSwitcher } from '../../features/organizer/components/organizer-switcher';
import { BookingsNavBadge } from '../../features/request/list/components/bookings-nav-badge';
import { ChatAttention } from '../../features/chat/components/chat-attention';
import { ChatNavBadge } from '../../features/chat/components/chat-nav-badge';
import { ReviewsNavBadge } from '../../features/review/components/reviews-nav-badge';
import { BrandLogo } from '../../components/brand-logo';
import { activeOrganizerId } from '../route-meta';
import { useLeafRoute } from '../use-route-state';
import { UserMenu } from './user-menu';
import { roleCan, type Capability, type MemberRole } from '@tourdesk/contract/team-values';
import { useRole } from '../../features/team/use-can';
import { SETTINGS_TAB_CAPABILITY } from '../route-table';

interface NavItem {
  section: string;
  label: string;
  icon: LucideIcon;
  /** what the member's role needs to see it (issue 29); none: every member */
  can?: Capability | 'settings';
}

/** The organizer screens, in the order of the navigation. */
export const NAV_ITEMS: readonly NavItem[] = [
  { section: 'dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { section: 'bookings', label: 'nav.bookings', icon: CalendarCheck2, can: 'bookings.read' },
  { section: 'tours', label: 'nav.tours', icon: Map, can: 'tours.read' },
  { section: 'departures', label: 'nav.departures', icon: CalendarDays, can: 'departures.read' },
  { section: 'chat', label: 'nav.chat', icon: MessagesSquare, can: 'chats' },
  { section: 'reviews', label: 'nav.reviews', icon: Star, can: 'tours.read' },
  { section: 'payments', label: 'nav.payments', icon: CreditCard, can: 'payments' },
  { section: 'reports', label: 'nav.reports', icon: BarChart3, can: 'reports' },
  { section: 'contract-template', label: 'nav.contractTemplates', icon: FileText, can: 'organizer.write' },
  { section: 'site', label: 'nav.site', icon: Globe, can: 'organizer.write' },
  { section: 'settings/team', label: 'nav.team', icon: Users, can: 'members' },
  { section: 'settings', label: 'nav.settings', icon: Settings, can: 'settings' },
];

/** Whether a role sees a menu item: its capability, or for settings any of its tabs'. */
export const navItemVisible = (item: NavItem, role: MemberRole | null): boolean =>
  role === null ||
  !item.can ||
  (item.can === 'settings'
    ? Object.values(SETTINGS_TAB_CAPABILITY).some((c) => roleCan(role, c))
    : roleCan(role, item.can));

function Navigation({ orgId, onNavigate }: { orgId: number | null; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const role = useRole(orgId ?? 0);
  const { pathname } = useLocation();
  if (orgId === null) return null;
  return (
    <nav aria-label={t('nav.main')} className="flex flex-col gap-0.5">
      {NAV_ITEMS.filter((item) => navItemVisible(item, role)).map(({ section, label, icon: Icon }) => {
        // Settings is not also current on its Team tab, which has an item of its own
        const lit = (matched: boolean) => matched && !(section === 'settings' && pathname.endsWith('/settings/team'));
        return (
          <NavLink
            key={section}
            to={`/${orgId}/${section}`}
            onClick={onNavigate}
            aria-current={lit(true) ? 'page' : 'false'}
            className={({ isActive }) =>
              cn(
                'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary-500',
                lit(isActive)
                  ? 'bg-primary-50 text-primary-700 ring-1 ring-primary-100'
                  : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900',
              )
            }
          >
            {({ isActive }) => (
              <>
                <Icon
                  size={18}
                  strokeWidth={1.9}
                  aria-hidden="true"
                  className={lit(isActive) ? 'text-primary-600' : 'text-neutral-400 group-hover:text-neutral-600'}
                />
                {t(label)}
                {section === 'bookings' && <BookingsNavBadge orgId={orgId} />}
                {section === 'chat' && <ChatNavBadge orgId={orgId} />}
                {section === 'reviews' && <ReviewsNavBadge orgId={orgId} />}
              </>
            )}
          </NavLink>
        );
      })}
    </nav>
  );
}

/** Default layout: the organizer screens with sidebar navigation (top bar and drawer on small screens). */
export function DefaultLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { params } = useLeafRoute();
  const { data: user } = useProfile();
  const { data: organizers = [] } = useOrganizerList();
  const orgId = activeOrganizerId(organizers, params.orgId);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const switchOrganizer = (id: number) => {
    const section = location.pathname.split('/').filter(Boolean)[1];
    const keep = NAV_ITEMS.some((item) => item.section === section) ? section : 'bookings';
    setDrawerOpen(false);
    void navigate(`/${id}/${keep}`);
  };

  const sidebar = (
    <div className="flex h-full flex-col gap-5 px-4 py-5">
      <div className="flex items-center justify-between px-1">
        <BrandLogo size={34} />
      </div>
      {organizers.length > 0 && (
        <OrganizerSwitcher organizers={organizers} activeId={orgId} onSelect={switchOrganizer} />
      )}
      <div className="-mx-1 flex-1 overflow-y-auto px-1">
        <Navigation orgId={orgId} onNavigate={() => setDrawerOpen(false)} />
      </div>
      {user && (
        <div className="border-t border-neutral-200 pt-3">
          <UserMenu user={user} />
        </div>
      )}
    </div>
  );

  return (
    <div className="min-h-dvh bg-neutral-50">
      {orgId !== null && <ChatAttention orgId={orgId} userId={user?.id ?? null} />}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
      >
        {t('app.skipToContent')}
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-68 border-r border-neutral-200 bg-surface md:block">
        {sidebar}
      </aside>

      <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-neutral-200 bg-surface/95 px-3 backdrop-blur md:hidden">
        <button
          type="button"
          aria-label={t('nav.openMenu')}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          className="rounded-lg p-2 text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          <Menu size={22} aria-hidden="true" />
        </button>
        <BrandLogo size={28} />
        {user ? <UserMenu user={user} compact /> : <span className="w-10" />}
      </header>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 md:hidden">
          <button
            type="button"
            aria-label={t('nav.closeMenu')}
            className="absolute inset-0 animate-fade-in bg-overlay"
            onClick={() => setDrawerOpen(false)}
          />
          <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw] animate-pop-in bg-surface shadow-xl">
            <button
              type="button"
              aria-label={t('nav.closeMenu')}
              onClick={() => setDrawerOpen(false)}
              className="absolute top-5 right-3 rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-100"
            >
              <X size={18} aria-hidden="true" />
            </button>
            {sidebar}
          </div>
        </div>
      )}

      <main id="main" className="md:pl-68">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:px-8 md:py-8">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
