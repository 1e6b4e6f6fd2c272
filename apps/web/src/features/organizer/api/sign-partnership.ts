import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectedSiteInfo } from '@tourdesk/contract/api/organizer';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

export type SignPartnershipInput = NonNullable<RouteBody<typeof organizerRoutes.signPartnership>>;

export const signPartnership = (body: SignPartnershipInput): Promise<ConnectedSiteInfo> =>
  api.call(organizerRoutes.signPartnership, { body });

export const useSignPartnership = ({ onSuccess }: { onSuccess?: (site: ConnectedSiteInfo) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<ConnectedSiteInfo, ApiError, SignPartnershipInput>({
    mutationFn: signPartnership,
    onSuccess: async (site, input) => {
      await queryClient.invalidateQueries({ queryKey: organizerKeys.partners(input.tour_organizer_id) });
      onSuccess?.(site);
    },
  });
};
