import { createHmac } from 'node:crypto';
import type { ServerModule } from '../../lib/modules';
import type { Platform } from '../../lib/modules';
import { accountRealtime, createAccountService, type AccountService } from './account.service';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createCodes, type Codes } from './codes';
import { createPhoneCodeRepository } from './phone-code.repository';
import { createPhoneCodeService, type PhoneCodeService } from './phone-code.service';

/** The auth module's public face: what other modules may use of it. */
export { normalizePhone, type AuthService } from './auth.service';
export { CODE_PURPOSE, type Codes } from './codes';
export { textCarriesWord, whatsappManualWord } from './whatsapp-manual';

declare module '../../lib/modules' {
  interface Services {
    /** sign-up, sign-in by password or code, the profile and changing how one signs in */
    account: AccountService;
    /** the one-time codes (SMS, e-mail, messengers) every sign-in change asks for */
    codes: Codes;
    /** a member's phone confirmation by code */
    phoneCodes: PhoneCodeService;
  }
}

/**
 * The sessions (tokens, refresh, who is signed in): the app builds them before any module,
 * since every API route's token check and the real-time connections use them.
 */
export const createSessions = (platform: Pick<Platform, 'db' | 'signer' | 'config' | 'fileUrl'>) =>
  createAuthService({
    repo: createAuthRepository(platform.db),
    signer: platform.signer,
    config: platform.config,
    fileUrl: platform.fileUrl,
  });

export const authModule: ServerModule = {
  name: 'auth',
  create: ({ db, secrets, auth, delivery, limits, config, tenancy, brandName }) => {
    const repo = createAuthRepository(db);
    const codes = createCodes({
      repo,
      key: createHmac('sha256', secrets.jwtSecret).update('tourdesk one-time codes').digest(),
    });
    return {
      codes,
      account: createAccountService({ repo, auth, codes, delivery, limits, config }),
      phoneCodes: createPhoneCodeService({
        repo: createPhoneCodeRepository(db),
        tenancy,
        codes,
        delivery,
        limits,
        brandName,
      }),
    };
  },
  cookieRoutes: (app, { auth, account, phoneCodes }, { config, contextOf }) =>
    authRoutes(app, { auth, account, phoneCodes, config, contextOf }),
  realtime: () => accountRealtime,
};
