import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { Currency, Language, User } from '@tourdesk/contract/entities/user';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type UpdateProfileInput = NonNullable<RouteBody<typeof userRoutes.updateProfile>>;

/** Profile calls that answer the updated user; the caller puts it into the profile cache. */
export const updateProfile = (body: UpdateProfileInput): Promise<User> => api.call(userRoutes.updateProfile, { body });
export const updateProfilePhoto = (avatarId: number | null): Promise<User> =>
  api.call(userRoutes.updateProfilePhoto, { body: { avatar_id: avatarId } });
export const setLanguage = (language: Language): Promise<User> =>
  api.call(userRoutes.setLanguage, { body: { language_code: language } });
export const setCurrency = (currency: Currency): Promise<User> =>
  api.call(userRoutes.setCurrency, { body: { currency_code: currency } });
export const changeCountry = (countryId: string): Promise<User> =>
  api.call(userRoutes.changeCountry, { body: { country_id: countryId } });

const useUserMutation = <I>(fn: (input: I) => Promise<User>, onUser: (user: User) => void) =>
  useMutation<User, ApiError, I>({ mutationFn: fn, onSuccess: (user) => onUser(user) });

export const useUpdateProfile = (onUser: (user: User) => void) => useUserMutation(updateProfile, onUser);
export const useUpdateProfilePhoto = (onUser: (user: User) => void) => useUserMutation(updateProfilePhoto, onUser);
export const useSetLanguage = (onUser: (user: User) => void) => useUserMutation(setLanguage, onUser);
export const useSetCurrency = (onUser: (user: User) => void) => useUserMutation(setCurrency, onUser);
export const useChangeCountry = (onUser: (user: User) => void) => useUserMutation(changeCountry, onUser);
