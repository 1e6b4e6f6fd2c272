import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TourListResponse } from '@tourdesk/contract/api/tour';
import { TOUR_LIST_PAGE_SIZE, tourRoutes } from '@tourdesk/contract/api/tour-routes';
import type { TourStatus, TourType } from '@tourdesk/contract/enum-values';
import { api } from '../../../lib/api/client';
import { tourKeys } from './tour-keys';

/** The list's filters (SPEC §7 GET tour/list: status, type; search by name). */
export interface TourListFilters {
  status?: TourStatus;
  type?: TourType;
  search?: string;
  /** a page of TOUR_LIST_PAGE_SIZE tours */
  page?: number;
}

export const listTours = (
  organizerId: number,
  filters: TourListFilters,
  signal?: AbortSignal,
): Promise<TourListResponse> =>
  api.call(tourRoutes.list, {
    query: {
      organizer_id: organizerId,
      format: 'full',
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.type ? { type: filters.type } : {}),
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.page ? { page: filters.page, limit: TOUR_LIST_PAGE_SIZE } : {}),
    },
    signal,
  });

/** The organizer's tours; while a new filter loads, the previous list stays on screen. */
export const useTours = (organizerId: number, filters: TourListFilters) =>
  useQuery({
    queryKey: tourKeys.list(organizerId, filters),
    queryFn: ({ signal }) => listTours(organizerId, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
