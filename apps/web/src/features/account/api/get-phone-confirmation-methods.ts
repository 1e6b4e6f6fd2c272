import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { PhoneConfirmationMethods } from '@tourdesk/contract/entities/verification';
import { api } from '../../../lib/api/client';
import { accountKeys } from './account-keys';

export const getPhoneConfirmationMethods = (signal?: AbortSignal): Promise<PhoneConfirmationMethods> =>
  api.call(userRoutes.phoneConfirmationMethods, { signal });

export const phoneConfirmationMethodsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.phoneConfirmationMethods(),
    queryFn: ({ signal }) => getPhoneConfirmationMethods(signal),
    staleTime: 0,
    retry: false,
  });

export const usePhoneConfirmationMethods = (enabled: boolean) =>
  useQuery({ ...phoneConfirmationMethodsQueryOptions(), enabled });
