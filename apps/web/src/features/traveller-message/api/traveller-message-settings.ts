import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TravellerMessageSettings,
  UpdateTravellerMessageSettingsBody,
} from '@tourdesk/contract/api/traveller-message';
import { travellerMessageRoutes } from '@tourdesk/contract/api/traveller-message-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { travellerMessageKeys } from './traveller-message-keys';

export const getTravellerMessageSettings = (
  organizerId: number,
  signal?: AbortSignal,
): Promise<TravellerMessageSettings> =>
  api.call(travellerMessageRoutes.settings, { query: { organizer_id: organizerId }, signal });

export const travellerMessageSettingsQueryOptions = (organizerId: number) =>
  queryOptions({
    queryKey: travellerMessageKeys.settings(organizerId),
    queryFn: ({ signal }) => getTravellerMessageSettings(organizerId, signal),
  });

/** GET settings: each kind on or off, its texts per language, the default language, the placeholders. */
export const useTravellerMessageSettings = (organizerId: number) =>
  useQuery(travellerMessageSettingsQueryOptions(organizerId));

/**
 * POST update-settings (the kinds named change, the others stay); the stored settings come back
 * whole and replace the cached ones, and the previews are read again (a text may have changed).
 */
export const useUpdateTravellerMessageSettings = ({
  onSuccess,
}: { onSuccess?: (settings: TravellerMessageSettings) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<TravellerMessageSettings, ApiError, UpdateTravellerMessageSettingsBody>({
    mutationFn: (body) => api.call(travellerMessageRoutes.updateSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(travellerMessageKeys.settings(settings.organizer_id), settings);
      void queryClient.invalidateQueries({ queryKey: travellerMessageKeys.previews(settings.organizer_id) });
      onSuccess?.(settings);
    },
  });
};
