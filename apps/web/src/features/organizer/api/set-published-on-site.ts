import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectedSiteInfo, PartnersResponse } from '@tourdesk/contract/api/organizer';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

export type SetPublishedOnSiteInput = NonNullable<RouteBody<typeof organizerRoutes.setPublishedOnSite>>;

export const setPublishedOnSite = (body: SetPublishedOnSiteInput): Promise<ConnectedSiteInfo> =>
  api.call(organizerRoutes.setPublishedOnSite, { body });

export const useSetPublishedOnSite = ({ onSuccess }: { onSuccess?: (site: ConnectedSiteInfo) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<ConnectedSiteInfo, ApiError, SetPublishedOnSiteInput>({
    mutationFn: setPublishedOnSite,
    onSuccess: async (site, input) => {
      queryClient.setQueryData<PartnersResponse>(organizerKeys.partners(input.tour_organizer_id), (data) =>
        data
          ? { ...data, connected_sites: data.connected_sites.map((s) => (s.site_id === site.site_id ? site : s)) }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: organizerKeys.partners(input.tour_organizer_id) });
      onSuccess?.(site);
    },
  });
};
