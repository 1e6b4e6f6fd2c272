import { queryOptions, useQuery } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { PhoneConfirmationMethods } from '@tourdesk/contract/entities/verification';
import { api } from '../../../lib/api/client';
import { accountKeys } from './account-keys';

export const getPhoneConfirmationMethods = (signal?: AbortSignal): Promise<PhoneConfirmationMethods> =>
  api.call(userApi.phoneConfirmationMethods, { signal });

export const phoneConfirmationMethodsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.phoneConfirmationMethods(),
    queryFn: ({ signal }) => getPhoneConfirmationMethods(signal),
    staleTime: 0,
    retry: false,
  });

export const usePhoneConfirmationMethods = (enabled: boolean) =>
  useQuery({ ...phoneConfirmationMethodsQueryOptions(), enabled });
