/**
 * Route descriptors (method, path, flags) of ./user.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./user.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** The routes of userApi (./user.ts): method, path and flags. */
export const userRoutes = {
  auth: { method: 'POST', path: '/crm/api/user/auth', isPublic: true },
  refreshToken: { method: 'POST', path: '/crm/api/user/refresh-token', isPublic: true },
  logout: { method: 'POST', path: '/crm/api/user/logout', isPublic: true },
  profile: { method: 'GET', path: '/crm/api/user/profile' },
  register: { method: 'POST', path: '/crm/api/user/register', isPublic: true },
  registerWithoutPassword: { method: 'POST', path: '/crm/api/user/register-without-password', isPublic: true },
  sendAuthCode: { method: 'POST', path: '/crm/api/user/send-auth-code', isPublic: true },
  authViaCode: { method: 'POST', path: '/crm/api/user/auth-via-code', isPublic: true },
  redirectAuthViaCode: { method: 'POST', path: '/crm/api/user/redirect-auth-via-code', isPublic: true },
  accessTokenByOneTimeToken: { method: 'POST', path: '/crm/api/user/access-token-by-one-time-token', isPublic: true },
  emailConfirmationRequest: { method: 'POST', path: '/crm/api/user/email-confirmation-request' },
  confirmEmail: { method: 'POST', path: '/crm/api/user/confirm-email' },
  passwordRecovery: { method: 'POST', path: '/crm/api/user/password-recovery', isPublic: true },
  checkPasswordResetToken: { method: 'POST', path: '/crm/api/user/check-password-reset-token', isPublic: true },
  passwordReset: { method: 'POST', path: '/crm/api/user/password-reset', isPublic: true },
  updateProfile: { method: 'POST', path: '/crm/api/user/update-profile' },
  updateProfilePhoto: { method: 'POST', path: '/crm/api/user/update-profile-photo' },
  setLanguage: { method: 'POST', path: '/crm/api/user/set-language' },
  setCurrency: { method: 'POST', path: '/crm/api/user/set-currency' },
  changeCountry: { method: 'POST', path: '/crm/api/user/change-country' },
  changeEmail: { method: 'POST', path: '/crm/api/user/change-email' },
  changePassword: { method: 'POST', path: '/crm/api/user/change-password' },
  changePhone: { method: 'POST', path: '/crm/api/user/change-phone' },
  setActivity: { method: 'POST', path: '/crm/api/user/set-activity' },
  logoutOtherSessions: { method: 'POST', path: '/crm/api/user/logout-other-sessions' },
  phoneConfirmationMethods: { method: 'GET', path: '/crm/api/user/phone-confirmation-methods' },
  sendConfirmationCode: { method: 'POST', path: '/crm/api/user/send-confirmation-code' },
  confirmPhone: { method: 'POST', path: '/crm/api/user/confirm-phone' },
} as const satisfies RouteDescriptors;
