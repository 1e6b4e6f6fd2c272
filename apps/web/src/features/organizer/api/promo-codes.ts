import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoCode, PromoCodeInput } from '@tourdesk/contract/api/prices';
import { promoCodeRoutes } from '@tourdesk/contract/api/prices-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

/** GET promo-code/list: the organizer's promo codes with their uses so far. */
export const usePromoCodes = (organizerId: number) =>
  useQuery({
    queryKey: organizerKeys.promoCodes(organizerId),
    queryFn: ({ signal }) => api.call(promoCodeRoutes.list, { query: { organizer_id: organizerId }, signal }),
  });

/** create without an id, update with one; the list reloads after either. */
export const useSavePromoCode = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<PromoCode, ApiError, PromoCodeInput & { id: number | null }>({
    mutationFn: ({ id, ...terms }) =>
      id
        ? api.call(promoCodeRoutes.update, { body: { id, ...terms } })
        : api.call(promoCodeRoutes.create, { body: { organizer_id: organizerId, ...terms } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.promoCodes(organizerId) }),
  });
};

/** promo-code/delete: bookings that used the code keep their price. */
export const useDeletePromoCode = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) => api.call(promoCodeRoutes.remove, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.promoCodes(organizerId) }),
  });
};
