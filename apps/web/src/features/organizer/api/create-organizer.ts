import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

export type CreateOrganizerInput = NonNullable<RouteBody<typeof organizerRoutes.create>>;

export const createOrganizer = (body: CreateOrganizerInput): Promise<Organizer> =>
  api.call(organizerRoutes.create, { body });

/** Creates an organizer; the list (guards, switcher) is refetched before the caller's onSuccess runs. */
export const useCreateOrganizer = ({ onSuccess }: { onSuccess?: (organizer: Organizer) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<Organizer, ApiError, CreateOrganizerInput>({
    mutationFn: createOrganizer,
    onSuccess: async (organizer) => {
      queryClient.setQueryData(organizerKeys.detail(organizer.id), organizer);
      // the route guards read the list from the cache: it must hold the new organizer before navigating
      await queryClient.refetchQueries({ queryKey: organizerKeys.list(), type: 'all' });
      onSuccess?.(organizer);
    },
  });
};
