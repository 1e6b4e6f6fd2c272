import { z } from 'zod';
import { defineRoute } from '../route';
import { userSchema } from '../entities/user';

/** A login is a phone when it holds only digits, plus, minus, space, parentheses and asterisk (SPEC §5). */
export const PHONE_LOGIN_PATTERN = /^[\d+\-\s()*]+$/;
export const isPhoneLogin = (login: string): boolean => PHONE_LOGIN_PATTERN.test(login.trim());

export const authTokenResponseSchema = z.object({
  /** access JWT, sent back as `X-Authorization: Bearer <token>` */
  token: z.string(),
  /** seconds until the access token expires */
  expires_in: z.number().int(),
});
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

export const successResponseSchema = z.object({ success: z.boolean() });

export const userApi = {
  auth: defineRoute({
    method: 'POST',
    path: '/crm/api/user/auth',
    body: z.strictObject({ login: z.string().trim().min(1).max(255), password: z.string().min(1).max(1024) }),
    response: authTokenResponseSchema,
    isPublic: true,
  }),
  /** Uses the httpOnly refresh cookie; rotates it. */
  refreshToken: defineRoute({
    method: 'POST',
    path: '/crm/api/user/refresh-token',
    body: z.strictObject({}).nullish(),
    response: authTokenResponseSchema,
    isPublic: true,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/crm/api/user/logout',
    body: z.strictObject({}).nullish(),
    response: successResponseSchema,
    isPublic: true,
  }),
  profile: defineRoute({ method: 'GET', path: '/crm/api/user/profile', response: userSchema }),
};
