import { userApi } from '@tourdesk/contract/api/user';
import type { AuthTokenResponse } from '@tourdesk/contract/api/user';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';

export type SignInInput = NonNullable<RouteBody<typeof userApi.auth>>;

export const signIn = (body: SignInInput): Promise<AuthTokenResponse> => api.call(userApi.auth, { body });
