import type { FastifyInstance, FastifyReply } from 'fastify';
import { phoneCodeApi, userApi } from '@tourdesk/contract';
import type { Config } from '../../config';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { AccountService } from './account.service';
import type { AuthService, IssuedSession } from './auth.service';
import type { PhoneCodeService } from './phone-code.service';

export const REFRESH_COOKIE = 'td_refresh';
const REFRESH_COOKIE_PATH = '/crm/api/user';

const setRefreshCookie = (reply: FastifyReply, config: Config, session: IssuedSession): void => {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
    path: REFRESH_COOKIE_PATH,
    expires: session.refreshExpiresAt,
  });
};

export const authRoutes = (
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    account: AccountService;
    phoneCodes: PhoneCodeService;
    config: Config;
    contextOf: ContextOf;
  },
): void => {
  const { auth, account, phoneCodes, config, contextOf } = deps;
  /** Answers a new session: the access token in the body, the refresh token as the cookie. */
  const session = (reply: FastifyReply, s: IssuedSession) => {
    setRefreshCookie(reply, config, s);
    return { token: s.token, expires_in: s.expires_in };
  };

  registerRoute(app, userApi.auth, async ({ body, request, reply }) =>
    session(reply, await account.signIn(contextOf(request), body.login, body.password)),
  );

  registerRoute(app, userApi.refreshToken, async ({ request, reply }) => {
    try {
      return session(reply, await auth.refresh(request.cookies[REFRESH_COOKIE]));
    } catch (e) {
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
      throw e;
    }
  });

  registerRoute(app, userApi.logout, async ({ request, reply }) => {
    // the access token's session (when the token is valid and live) ends with the cookie's
    await auth.logout(request.cookies[REFRESH_COOKIE], request.sessionFamilyId);
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
    return { success: true };
  });

  registerRoute(app, userApi.profile, ({ userId }) => auth.profile(userId));

  // Registration and sign-in
  registerRoute(app, userApi.register, async ({ body, request, reply }) =>
    session(reply, await account.register(contextOf(request), body)),
  );
  registerRoute(app, userApi.registerWithoutPassword, ({ body, request }) =>
    account.registerWithoutPassword(contextOf(request), body),
  );
  registerRoute(app, userApi.sendAuthCode, ({ body, request }) => account.sendAuthCode(contextOf(request), body));
  registerRoute(app, userApi.authViaCode, async ({ body, request, reply }) =>
    session(reply, await account.authViaCode(contextOf(request), body)),
  );
  registerRoute(app, userApi.redirectAuthViaCode, ({ body, request }) =>
    account.redirectAuthViaCode(contextOf(request), body),
  );
  registerRoute(app, userApi.accessTokenByOneTimeToken, async ({ body, request, reply }) =>
    session(reply, await account.accessTokenByOneTimeToken(contextOf(request), body.token)),
  );

  // E-mail confirmation and password recovery
  registerRoute(app, userApi.emailConfirmationRequest, ({ request }) =>
    account.emailConfirmationRequest(contextOf(request)),
  );
  registerRoute(app, userApi.confirmEmail, ({ body, userId }) => account.confirmEmail(userId, body.token));
  registerRoute(app, userApi.passwordRecovery, ({ body, request }) =>
    account.passwordRecovery(contextOf(request), body.email),
  );
  registerRoute(app, userApi.checkPasswordResetToken, ({ body }) => account.checkPasswordResetToken(body.token));
  registerRoute(app, userApi.passwordReset, async ({ body, request, reply }) =>
    session(reply, await account.passwordReset(contextOf(request), body)),
  );

  // Profile
  registerRoute(app, userApi.updateProfile, ({ body, userId }) => account.updateProfile(userId, body));
  registerRoute(app, userApi.updateProfilePhoto, ({ body, userId }) =>
    account.updateProfilePhoto(userId, body.avatar_id),
  );
  registerRoute(app, userApi.setLanguage, ({ body, userId }) =>
    account.setSettings(userId, { language: body.language_code }),
  );
  registerRoute(app, userApi.setCurrency, ({ body, userId }) =>
    account.setSettings(userId, { currency: body.currency_code }),
  );
  registerRoute(app, userApi.changeCountry, ({ body, userId }) =>
    account.setSettings(userId, { country: body.country_id }),
  );
  registerRoute(app, userApi.changeEmail, ({ body, request }) => account.changeEmail(contextOf(request), body));
  registerRoute(app, userApi.changePassword, ({ body, request }) =>
    account.changePassword(contextOf(request), request.sessionFamilyId || null, body),
  );
  registerRoute(app, userApi.changePhone, ({ body, request }) => account.changePhone(contextOf(request), body));
  registerRoute(app, userApi.setActivity, ({ userId }) => account.setActivity(userId));
  registerRoute(app, userApi.logoutOtherSessions, async ({ request, userId }) => {
    await auth.revokeOtherSessions(userId, request.sessionFamilyId || null, 'logout_others');
    return { success: true };
  });

  // Phone confirmation
  registerRoute(app, userApi.phoneConfirmationMethods, ({ request }) =>
    account.phoneConfirmationMethods(contextOf(request)),
  );
  registerRoute(app, userApi.sendConfirmationCode, ({ body, request }) =>
    account.sendConfirmationCode(contextOf(request), body.code_sender),
  );
  registerRoute(app, userApi.confirmPhone, ({ body, request }) => account.confirmPhone(contextOf(request), body.code));

  // Call-based phone verification
  registerRoute(app, phoneCodeApi.user, ({ request }) => account.startPhoneCall(contextOf(request)));
  registerRoute(app, phoneCodeApi.organizer, ({ body, request }) => phoneCodes.organizer(contextOf(request), body));
  registerRoute(app, phoneCodeApi.webCallData, ({ request }) => account.webCallData(contextOf(request)));
};
