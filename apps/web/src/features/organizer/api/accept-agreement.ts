import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

export type AcceptAgreementInput = NonNullable<RouteBody<typeof organizerRoutes.acceptAgreement>>;

export const acceptAgreement = (body: AcceptAgreementInput) => api.call(organizerRoutes.acceptAgreement, { body });

export const useAcceptAgreement = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, AcceptAgreementInput>({
    mutationFn: acceptAgreement,
    onSuccess: async (_data, input) => {
      await queryClient.invalidateQueries({ queryKey: organizerKeys.dashboard(input.tour_organizer_id) });
      onSuccess?.();
    },
  });
};
