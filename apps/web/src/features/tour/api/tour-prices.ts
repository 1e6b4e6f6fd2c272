import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TourPrices } from '@tourdesk/contract/api/prices';
import { tourPricesRoutes } from '@tourdesk/contract/api/prices-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { tourKeys } from './tour-keys';

export type SaveCategoriesBody = NonNullable<RouteBody<typeof tourPricesRoutes.saveCategories>>;
export type SaveExtrasBody = NonNullable<RouteBody<typeof tourPricesRoutes.saveExtras>>;

/** GET tour/prices: the tour's traveller categories (the adult first) and extras (issue 26). */
export const tourPricesQueryOptions = (organizerId: number, tourId: number) => ({
  queryKey: tourKeys.prices(organizerId, tourId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(tourPricesRoutes.prices, { query: { tour_id: tourId }, signal }),
});

export const useTourPrices = (organizerId: number, tourId: number) =>
  useQuery(tourPricesQueryOptions(organizerId, tourId));

/** Both saves answer the tour's prices as stored now: shown at once. */
const useStorePrices = (organizerId: number, tourId: number) => {
  const queryClient = useQueryClient();
  return (prices: TourPrices) => {
    queryClient.setQueryData(tourKeys.prices(organizerId, tourId), prices);
  };
};

/** save-traveller-categories: the whole list (absent rows are removed; the adult stays). */
export const useSaveTravellerCategories = (organizerId: number, tourId: number) => {
  const store = useStorePrices(organizerId, tourId);
  return useMutation<TourPrices, ApiError, SaveCategoriesBody>({
    mutationFn: (body) => api.call(tourPricesRoutes.saveCategories, { body }),
    onSuccess: store,
  });
};

/** save-extras: the whole list (absent rows are removed; requests keep their lines). */
export const useSaveTourExtras = (organizerId: number, tourId: number) => {
  const store = useStorePrices(organizerId, tourId);
  return useMutation<TourPrices, ApiError, SaveExtrasBody>({
    mutationFn: (body) => api.call(tourPricesRoutes.saveExtras, { body }),
    onSuccess: store,
  });
};
