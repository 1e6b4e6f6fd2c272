import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizerUpdateBody } from '@tourdesk/contract/api/organizer';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

export type UpdateOrganizerInput = OrganizerUpdateBody;

export const updateOrganizer = (body: UpdateOrganizerInput): Promise<Organizer> =>
  api.call(organizerRoutes.update, { body });

/** Saves part of the profile (one settings tab); the stored record comes back whole. */
export const useUpdateOrganizer = ({ onSuccess }: { onSuccess?: (organizer: Organizer) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<Organizer, ApiError, UpdateOrganizerInput>({
    mutationFn: updateOrganizer,
    onSuccess: (organizer) => {
      queryClient.setQueryData(organizerKeys.detail(organizer.id), organizer);
      void queryClient.invalidateQueries({ queryKey: organizerKeys.list() });
      void queryClient.invalidateQueries({ queryKey: organizerKeys.dashboard(organizer.id) });
      onSuccess?.(organizer);
    },
  });
};
