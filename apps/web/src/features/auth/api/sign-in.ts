import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { AuthTokenResponse } from '@tourdesk/contract/api/user';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';

export type SignInInput = NonNullable<RouteBody<typeof userRoutes.auth>>;

export const signIn = (body: SignInInput): Promise<AuthTokenResponse> => api.call(userRoutes.auth, { body });
