import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationDataBody, VerificationInfo } from '@tourdesk/contract/api/organizer';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

export type VerificationDataInput = Omit<VerificationDataBody, 'access_token'>;

/** Opens a verification session (get-verification-access-token) and sends the data with it. */
export const submitVerificationData = async (input: VerificationDataInput): Promise<VerificationInfo> => {
  const session = await api.call(organizerRoutes.verificationAccessToken, { query: { orgId: input.orgId } });
  return api.call(organizerRoutes.verificationData, { body: { ...input, access_token: session.token } });
};

export const useSubmitVerificationData = ({ onSuccess }: { onSuccess?: (info: VerificationInfo) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<VerificationInfo, ApiError, VerificationDataInput>({
    mutationFn: submitVerificationData,
    onSuccess: async (info, input) => {
      queryClient.setQueryData(organizerKeys.verification(input.orgId), info);
      await queryClient.invalidateQueries({ queryKey: organizerKeys.dashboard(input.orgId) });
      onSuccess?.(info);
    },
  });
};
