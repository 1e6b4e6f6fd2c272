import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionnaireRoutes } from '@tourdesk/contract/api/request-tourist-routes';
import type { TouristsInfo } from '@tourdesk/contract/api/request-tourist';
import { api } from '../../../../lib/api/client';
import { isApiError } from '../../../../lib/api/api-error';
import { questionnaireKeys } from './questionnaire-keys';

export const getTripInfo = (uuid: string, signal?: AbortSignal): Promise<TouristsInfo> =>
  api.call(questionnaireRoutes.touristsInfo, { query: { uuid }, signal });

export const tripInfoQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: questionnaireKeys.tripInfo(uuid),
    queryFn: ({ signal }) => getTripInfo(uuid, signal),
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
    staleTime: 5 * 60_000,
  });

/** What the tourists need to know of the trip: meeting point, what the price holds (GET /spa/tourists-info). */
export const useTripInfo = (uuid: string) => useQuery(tripInfoQueryOptions(uuid));
