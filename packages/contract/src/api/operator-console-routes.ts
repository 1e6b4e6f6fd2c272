/**
 * Route descriptors of the operator console (./operator-console.ts), free of zod: the web calls
 * the API with these. Console routes are public at the provider-token level: they take the
 * operator's own access token in OPERATOR_AUTH_HEADER instead (a provider's token never opens
 * them), and each names the operator roles it admits (OPERATOR_ROUTE_ROLES).
 */
import type { RouteDescriptors } from '../route';

export const OPERATOR_ROLES = ['support', 'moderator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The operator's access token travels here (`Bearer …`), never in X-Authorization (the provider's). */
export const OPERATOR_AUTH_HEADER = 'x-operator-authorization';
/** The operator console's refresh cookie and the path it is sent to. */
export const OPERATOR_REFRESH_COOKIE = 'td_operator_refresh';
export const OPERATOR_REFRESH_COOKIE_PATH = '/crm/api/console-auth';

/** The sign-in of the operator console: password + TOTP, refresh, logout. */
export const operatorAuthRoutes = {
  signIn: { method: 'POST', path: '/crm/api/console-auth/sign-in', isPublic: true },
  refresh: { method: 'POST', path: '/crm/api/console-auth/refresh', isPublic: true },
  logout: { method: 'POST', path: '/crm/api/console-auth/logout', isPublic: true },
} as const satisfies RouteDescriptors;

/**
 * The console's routes that answer bytes or HTML, not JSON (no contract answer, so no `consoleApi`
 * entry): the server registers them by hand, the console fetches them with its header.
 */
export const consolePages = {
  /** the organizer's submitted verification document, its bytes */
  verificationDocument: {
    method: 'GET',
    path: '/crm/api/console/verification-document/:organizer_id',
    isPublic: true,
  },
  /** a tour as its site page shows it, HTML; `?lang=en|ru` */
  tourPreview: { method: 'GET', path: '/crm/api/console/tour-preview/:tour_id', isPublic: true },
} as const satisfies RouteDescriptors;

/** The console's routes; all need an operator session (OPERATOR_AUTH_HEADER). */
export const consoleRoutes = {
  me: { method: 'GET', path: '/crm/api/console/me', isPublic: true },
  queueCounts: { method: 'GET', path: '/crm/api/console/queue-counts', isPublic: true },
  verificationQueue: { method: 'GET', path: '/crm/api/console/verification-queue', isPublic: true },
  decideVerification: { method: 'POST', path: '/crm/api/console/decide-verification', isPublic: true },
  partnershipQueue: { method: 'GET', path: '/crm/api/console/partnership-queue', isPublic: true },
  decidePartnership: { method: 'POST', path: '/crm/api/console/decide-partnership', isPublic: true },
  tourQueue: { method: 'GET', path: '/crm/api/console/tour-queue', isPublic: true },
  decideTour: { method: 'POST', path: '/crm/api/console/decide-tour', isPublic: true },
  sites: { method: 'GET', path: '/crm/api/console/sites', isPublic: true },
  auditLog: { method: 'GET', path: '/crm/api/console/audit-log', isPublic: true },
  operators: { method: 'GET', path: '/crm/api/console/operators', isPublic: true },
  createOperator: { method: 'POST', path: '/crm/api/console/create-operator', isPublic: true },
  organizerCard: { method: 'GET', path: '/crm/api/console/organizer-card', isPublic: true },
  updateOperator: { method: 'POST', path: '/crm/api/console/update-operator', isPublic: true },
} as const satisfies RouteDescriptors;

/** The operator-scoped link of an organizer's verification document (the console fetches it with its header). */
export const verificationDocumentPath = (organizerId: number): string =>
  consolePages.verificationDocument.path.replace(':organizer_id', String(organizerId));

/** The tour queue's preview of a tour, in a language (the console fetches it with its header). */
export const tourPreviewPath = (tourId: number, lang: 'en' | 'ru'): string =>
  `${consolePages.tourPreview.path.replace(':tour_id', String(tourId))}?lang=${lang}`;

const MODERATION: readonly OperatorRole[] = ['moderator', 'admin'];
/**
 * Who may use the support desk (operatorChatRoutes, in ./chat-routes.ts): an operator session of
 * these roles in OPERATOR_AUTH_HEADER; the admin command's shared token (x-operator-token) still
 * opens them on the server's own machine.
 */
export const SUPPORT_DESK_ROLES: readonly OperatorRole[] = ['support', 'admin'];
/** Who may call each console route (the server refuses the others with 403). */
export const OPERATOR_ROUTE_ROLES: Record<
  keyof typeof consoleRoutes | keyof typeof consolePages,
  readonly OperatorRole[]
> = {
  me: OPERATOR_ROLES,
  queueCounts: MODERATION,
  verificationQueue: MODERATION,
  decideVerification: MODERATION,
  partnershipQueue: MODERATION,
  decidePartnership: MODERATION,
  tourQueue: MODERATION,
  decideTour: MODERATION,
  sites: MODERATION,
  auditLog: ['admin'],
  operators: ['admin'],
  createOperator: ['admin'],
  verificationDocument: MODERATION,
  organizerCard: OPERATOR_ROLES,
  updateOperator: ['admin'],
  tourPreview: MODERATION,
};

/** Audit log actions. */
export const AUDIT_ACTIONS = [
  'operator.sign_in',
  'operator.create',
  'operator.update',
  'organizer.document_viewed',
  'organizer.viewed',
  'verification.approve',
  'verification.reject',
  'partnership.publish',
  'partnership.unpublish',
  'tour.publish',
  'tour.send_back',
  'chat.answer',
  'chat.edit',
  'chat.hide',
  'chat.show',
  'chat.delete',
  'chat.freeze',
  'chat.unfreeze',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_OBJECT_TYPES = ['operator', 'organizer', 'partnership', 'tour', 'chat', 'chat_message'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** The admin command's route (`npm run admin -- create-operator`): the shared operator token, the server's machine only. */
export const operatorCliRoutes = {
  createOperator: { method: 'POST', path: '/crm/api/operator/create-operator', isPublic: true },
} as const satisfies RouteDescriptors;
