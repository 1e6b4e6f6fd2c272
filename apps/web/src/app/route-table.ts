import type { ComponentType } from 'react';
import type { LayoutName, RouteMeta } from './route-meta';
import type { Capability } from '@tourdesk/contract/team-values';
import { loadNamespaces } from '../lib/i18n/i18n';

export interface RouteDefinition {
  /** router path, relative to the /org base */
  path: string;
  layout: LayoutName;
  meta: RouteMeta;
  /** i18n key of the page title */
  title: string;
  /** the page, loaded lazily */
  load?: () => Promise<ComponentType>;
  /** the page does without TanStack Query (the sign-in screen); others get the query layer */
  withoutQuery?: true;
  /** the page loads the error texts when it first shows a message (the sign-in screen); others with their code */
  errorTextsOnDemand?: true;
}

const login = () => import('./pages/login-page').then((m) => m.LoginPage);
const auth = { authOnly: true } as const;
const org = { authOnly: true, organizerExists: true } as const;
const noOrg = { authOnly: true, organizerNotExists: true } as const;

/** The ONE route table of SPEC §2. Guards, layouts and titles all come from here. */
export const ROUTES: readonly RouteDefinition[] = [
  { path: '/', layout: 'none', meta: auth, title: 'pages:home.title' },
  {
    path: '/debug',
    layout: 'empty',
    meta: {},
    title: 'pages:debug.title',
    load: () => Promise.all([import('./pages/debug-page'), loadNamespaces(['messages'])]).then(([m]) => m.DebugPage),
  },
  {
    path: '/redirect',
    layout: 'none',
    meta: org,
    title: 'pages:redirect.title',
    load: () => import('./pages/redirect-page').then((m) => m.RedirectPage),
  },
  {
    // where a payer lands after paying (public: the payer has no account), ?invoice=<token>
    path: '/fail',
    layout: 'boxed',
    meta: {},
    title: 'pages:fail.title',
    load: () =>
      Promise.all([import('../features/payment/payment-result-page'), loadNamespaces(['payments'])]).then(
        ([m]) => m.FailPage,
      ),
  },
  {
    path: '/success',
    layout: 'boxed',
    meta: {},
    title: 'pages:success.title',
    load: () =>
      Promise.all([import('../features/payment/payment-result-page'), loadNamespaces(['payments'])]).then(
        ([m]) => m.SuccessPage,
      ),
  },
  {
    path: '/agreement/*',
    layout: 'boxed',
    meta: {},
    title: 'pages:agreement.title',
    load: () => import('./pages/legal-document-page').then((m) => m.AgreementPage),
  },
  {
    path: '/privacy/*',
    layout: 'boxed',
    meta: {},
    title: 'pages:privacy.title',
    load: () => import('./pages/legal-document-page').then((m) => m.PrivacyPage),
  },
  {
    path: '/login',
    layout: 'boxed',
    meta: { guestOnly: true },
    title: 'pages:login.title',
    load: login,
    withoutQuery: true,
    errorTextsOnDemand: true,
  },
  {
    path: '/register',
    layout: 'boxed',
    meta: { guestOnly: true },
    title: 'pages:register.title',
    load: login,
    withoutQuery: true,
    errorTextsOnDemand: true,
  },
  {
    path: '/password-recovery',
    layout: 'boxed',
    meta: { guestOnly: true },
    title: 'pages:passwordRecovery.title',
    load: () => import('./pages/password-recovery-page').then((m) => m.PasswordRecoveryPage),
  },
  {
    path: '/reset-password',
    layout: 'boxed',
    meta: {},
    title: 'pages:resetPassword.title',
    load: () => import('./pages/reset-password-page').then((m) => m.ResetPasswordPage),
  },
  {
    // the help request (issue 28): for everyone; a member's goes into its support chat
    path: '/help',
    layout: 'boxed',
    meta: {},
    title: 'pages:help.title',
    load: () => import('./pages/help-page').then((m) => m.HelpPage),
  },
  {
    // the tourists' questionnaire link: public, no account (the request's uuid is the key)
    path: '/questionnaire/:uuid',
    layout: 'boxed',
    meta: {},
    title: 'pages:questionnaire.title',
    load: () =>
      Promise.all([import('./pages/questionnaire-page'), loadNamespaces(['questionnaire', 'chat'])]).then(
        ([m]) => m.QuestionnairePage,
      ),
  },
  {
    // the traveller's own booking through its secret link (issue 27): public, no account
    path: '/booking/:token',
    layout: 'empty',
    meta: {},
    title: 'pages:travellerBooking.title',
    load: () =>
      Promise.all([import('../features/booking/booking-page'), loadNamespaces(['bookings'])]).then(
        ([m]) => m.BookingPage,
      ),
  },
  {
    // a traveller's review of a trip through the review request's secret link: public, no account
    path: '/review/:token',
    layout: 'empty',
    meta: {},
    title: 'pages:review.title',
    load: () =>
      Promise.all([import('../features/review/review-page'), loadNamespaces(['reviews'])]).then(([m]) => m.ReviewPage),
  },
  {
    // an invitation to an organizer's team (issue 29): public; the invitee signs in or up, comes back, joins
    path: '/invite/:token',
    layout: 'boxed',
    meta: {},
    title: 'pages:invitation.title',
    load: () =>
      Promise.all([import('../features/team/invite-page'), loadNamespaces(['organizer'])]).then(([m]) => m.InvitePage),
  },
  {
    // a traveller's chat with an organizer through the link they were given: public, no account
    path: '/traveller-chat/:token',
    layout: 'empty',
    meta: {},
    title: 'pages:travellerChat.title',
    load: () =>
      Promise.all([import('../features/chat/components/traveller-chat-page'), loadNamespaces(['chat'])]).then(
        ([m]) => m.TravellerChatPage,
      ),
  },
  {
    // the marketplace operator's console (issue 30): operator accounts with TOTP, not the operator token
    path: '/operator',
    layout: 'none',
    meta: {},
    title: 'pages:operator.title',
    load: () =>
      Promise.all([import('./pages/operator-page'), loadNamespaces(['operator', 'chat'])]).then(
        ([m]) => m.OperatorPage,
      ),
  },
  {
    path: '/login-via-token',
    layout: 'boxed',
    meta: {},
    title: 'pages:loginViaToken.title',
    load: () => import('./pages/login-via-token-page').then((m) => m.LoginViaTokenPage),
  },
  {
    path: '/email-confirm',
    layout: 'empty',
    meta: auth,
    title: 'pages:emailConfirm.title',
    load: () => import('./pages/email-confirm-page').then((m) => m.EmailConfirmPage),
  },
  {
    path: '/:orgId/dashboard',
    layout: 'default',
    meta: org,
    title: 'pages:dashboard.title',
    load: () =>
      Promise.all([import('./pages/dashboard-page'), loadNamespaces(['departures'])]).then(([m]) => m.DashboardPage),
  },
  {
    path: '/:orgId/partner/:siteId',
    layout: 'default',
    meta: org,
    title: 'pages:partner.title',
    load: () => import('./pages/partner-page').then((m) => m.PartnerPage),
  },
  {
    path: '/tour-provider/create',
    layout: 'empty',
    meta: noOrg,
    title: 'pages:tourProviderCreate.title',
    load: () => import('./pages/tour-provider-create-page').then((m) => m.TourProviderCreatePage),
  },
  {
    path: '/tour-provider/non',
    layout: 'empty',
    meta: noOrg,
    title: 'pages:tourProviderNon.title',
    load: () => import('./pages/tour-provider-non-page').then((m) => m.TourProviderNonPage),
  },
  {
    path: '/:orgId/settings',
    layout: 'default',
    meta: auth,
    title: 'pages:settings.title',
    load: () =>
      Promise.all([import('./pages/settings-page'), loadNamespaces(['messages'])]).then(([m]) => m.SettingsPage),
  },
  {
    path: '/:orgId/settings/:tab',
    layout: 'default',
    meta: auth,
    title: 'pages:settings.title',
    load: () =>
      Promise.all([import('./pages/settings-page'), loadNamespaces(['messages'])]).then(([m]) => m.SettingsPage),
  },
  {
    path: '/profile',
    layout: 'default',
    meta: auth,
    title: 'pages:profile.title',
    load: () => import('./pages/profile-page').then((m) => m.ProfilePage),
  },
  {
    path: '/:orgId/chat',
    layout: 'default',
    meta: org,
    title: 'pages:chat.title',
    load: () => Promise.all([import('./pages/chat-page'), loadNamespaces(['chat'])]).then(([m]) => m.ChatPage),
  },
  {
    path: '/:orgId/chat/:id',
    layout: 'default',
    meta: org,
    title: 'pages:chatThread.title',
    load: () => Promise.all([import('./pages/chat-page'), loadNamespaces(['chat'])]).then(([m]) => m.ChatPage),
  },
  {
    path: '/:orgId/tours',
    layout: 'default',
    meta: auth,
    title: 'pages:tours.title',
    load: () => Promise.all([import('./pages/tours-page'), loadNamespaces(['tours'])]).then(([m]) => m.ToursPage),
  },
  {
    path: '/:orgId/tours/create',
    layout: 'default',
    meta: auth,
    title: 'pages:tourCreate.title',
    load: () => Promise.all([import('./pages/tour-page'), loadNamespaces(['tours'])]).then(([m]) => m.TourCreatePage),
  },
  {
    path: '/:orgId/tours/:id',
    layout: 'default',
    meta: org,
    title: 'pages:tour.title',
    load: () => Promise.all([import('./pages/tour-page'), loadNamespaces(['tours'])]).then(([m]) => m.TourPage),
  },
  {
    // a departure's rooming list (manifest): its confirmed travellers, printable, as CSV and XLSX
    path: '/:orgId/tours/:tourId/departures/:dateId/rooming-list',
    layout: 'default',
    meta: org,
    title: 'pages:roomingList.title',
    load: () =>
      Promise.all([import('../features/request/rooming-list/rooming-list-page'), loadNamespaces(['rooming'])]).then(
        ([m]) => m.RoomingListPage,
      ),
  },
  {
    // a departure's manifest on the guide's phone: travellers by request, check-in / no-show (issue 29)
    path: '/:orgId/departures/:tour_date_id/manifest',
    layout: 'default',
    meta: org,
    title: 'pages:manifest.title',
    load: () =>
      Promise.all([import('../features/departure/manifest-page'), loadNamespaces(['rooming'])]).then(
        ([m]) => m.ManifestPage,
      ),
  },
  {
    path: '/:orgId/bookings',
    layout: 'default',
    meta: auth,
    title: 'pages:bookings.title',
    load: () =>
      Promise.all([import('../features/request/list/bookings-page'), loadNamespaces(['bookings'])]).then(
        ([m]) => m.BookingsPage,
      ),
  },
  {
    path: '/:orgId/bookings/:id',
    layout: 'default',
    meta: org,
    title: 'pages:booking.title',
    load: () =>
      Promise.all([import('../features/request/page/request-page'), loadNamespaces(['bookings', 'messages'])]).then(
        ([m]) => m.RequestPage,
      ),
  },
  {
    path: '/:orgId/reviews',
    layout: 'default',
    meta: org,
    title: 'pages:reviews.title',
    load: () =>
      Promise.all([import('../features/review/reviews-page'), loadNamespaces(['reviews'])]).then(
        ([m]) => m.ReviewsPage,
      ),
  },
  {
    // the site editor: Puck and the public renderer load only on this route
    path: '/:orgId/site',
    layout: 'default',
    meta: org,
    title: 'pages:site.title',
    load: () =>
      Promise.all([import('../features/site/components/site-page'), loadNamespaces(['site'])]).then(
        ([m]) => m.SitePage,
      ),
  },
  {
    path: '/:orgId/payments',
    layout: 'default',
    meta: org,
    title: 'pages:payments.title',
    load: () =>
      Promise.all([import('../features/payment/payments-page'), loadNamespaces(['payments'])]).then(
        ([m]) => m.PaymentsPage,
      ),
  },
  {
    path: '/:orgId/departures',
    layout: 'default',
    meta: org,
    title: 'pages:departures.title',
    load: () =>
      Promise.all([import('../features/departure'), loadNamespaces(['departures'])]).then(([m]) => m.DeparturesPage),
  },
  {
    path: '/:orgId/reports',
    layout: 'default',
    meta: org,
    title: 'pages:reports.title',
    // the chart library (uPlot) loads with this screen only
    load: () =>
      Promise.all([import('../features/report/reports-page'), loadNamespaces(['reports'])]).then(
        ([m]) => m.ReportsPage,
      ),
  },
  {
    path: '/:orgId/contract-template',
    layout: 'default',
    meta: org,
    title: 'pages:contractTemplates.title',
    load: () => import('./pages/contract-template-page').then((m) => m.ContractTemplatePage),
  },
  {
    path: '/:orgId/agent/:agentId',
    layout: 'default',
    meta: org,
    title: 'pages:agent.title',
    load: () => import('./pages/agent-page').then((m) => m.AgentPage),
  },
];

/** Settings tabs live in the URL: /{orgId}/settings/{tab}. */
export const SETTINGS_TABS = [
  'main',
  'contacts',
  'cancellation',
  'docs',
  'accounts',
  'payments',
  'messages',
  'promo',
  'team',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** What a settings tab needs of the member's role (issue 29): a tab the role cannot use is not shown. */
export const SETTINGS_TAB_CAPABILITY: Record<SettingsTab, Capability> = {
  main: 'organizer.write',
  contacts: 'organizer.write',
  cancellation: 'organizer.write',
  docs: 'organizer.write',
  accounts: 'bank_accounts',
  payments: 'billing',
  messages: 'organizer.write',
  promo: 'tours.write',
  team: 'members',
};
