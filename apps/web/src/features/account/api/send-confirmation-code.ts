import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { VerificationMethodType } from '@tourdesk/contract/enums';
import type { PhoneConfirmationMethods } from '@tourdesk/contract/entities/verification';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { accountKeys } from './account-keys';

type Result = RouteResponse<typeof userRoutes.sendConfirmationCode>;

export const sendConfirmationCode = (codeSender: VerificationMethodType): Promise<Result> =>
  api.call(userRoutes.sendConfirmationCode, { body: { code_sender: codeSender } });

/** Sends the phone code; the chosen method becomes the default (SPEC §4), in the cache too. */
export const useSendConfirmationCode = () => {
  const queryClient = useQueryClient();
  return useMutation<Result, ApiError, VerificationMethodType>({
    mutationFn: sendConfirmationCode,
    onSuccess: (_data, type) => {
      queryClient.setQueryData<PhoneConfirmationMethods>(accountKeys.phoneConfirmationMethods(), (old) =>
        old
          ? {
              ...old,
              verification_methods: old.verification_methods.map((m) => ({ ...m, is_default: m.type === type })),
            }
          : old,
      );
    },
  });
};
