import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuideListItem } from '@tourdesk/contract/api/tour';
import { tourRoutes } from '@tourdesk/contract/api/tour-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { tourKeys } from './tour-keys';

/** What the guide form sends (SPEC §3 Guide; the photo by its upload id): create-guide's body but the organizer. */
export type GuideBody = Omit<NonNullable<RouteBody<typeof tourRoutes.createGuide>>, 'organizer_id'>;

/** The organizer's guides sit under its tours: a change to its tours reloads them too (tours_count). */
export const guideKeys = {
  list: (organizerId: number) => [...tourKeys.all(organizerId), 'guides'] as const,
};

/** GET tour/guides: the organizer's guides, each with how many tours name them. */
export const useGuides = (organizerId: number) =>
  useQuery({
    queryKey: guideKeys.list(organizerId),
    queryFn: ({ signal }) => api.call(tourRoutes.guides, { query: { organizer_id: organizerId }, signal }),
    staleTime: 30_000,
  });

/** create-guide without an id, update-guide with one; the list reloads after either. */
export const useSaveGuide = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<GuideListItem, ApiError, GuideBody & { guide_id?: number | null }>({
    mutationFn: ({ guide_id, ...values }) =>
      guide_id
        ? api.call(tourRoutes.updateGuide, { body: { organizer_id: organizerId, guide_id, ...values } })
        : api.call(tourRoutes.createGuide, { body: { organizer_id: organizerId, ...values } }),
    onSuccess: async (saved) => {
      // the saved guide shows at once; the list then reloads from the server
      queryClient.setQueryData<GuideListItem[]>(guideKeys.list(organizerId), (list) =>
        list ? [...list.filter((g) => g.id !== saved.id), saved] : list,
      );
      await queryClient.invalidateQueries({ queryKey: guideKeys.list(organizerId) });
    },
  });
};

/**
 * delete-guide. Without `force` a guide some tour names is refused (422 on `force`, code
 * guide_in_use with the count); with it the guide leaves those tours, so the tours reload too.
 */
export const useDeleteGuide = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { guide_id: number; force?: boolean }>({
    mutationFn: ({ guide_id, force }) =>
      api.call(tourRoutes.deleteGuide, {
        body: { organizer_id: organizerId, guide_id, ...(force ? { force: true } : {}) },
      }),
    onSuccess: async (_result, { guide_id }) => {
      queryClient.setQueryData<GuideListItem[]>(guideKeys.list(organizerId), (list) =>
        list?.filter((g) => g.id !== guide_id),
      );
      await queryClient.invalidateQueries({ queryKey: tourKeys.all(organizerId) });
    },
  });
};

/** The count a refused delete-guide names (422 guide_in_use on `force`), null for any other failure. */
export const guideInUseCount = (error: unknown): number | null => {
  const coded = (error as ApiError | null)?.fieldErrors?.force?.find((m) => m.code === 'guide_in_use');
  const count = coded?.params?.count;
  return typeof count === 'number' ? count : coded ? 0 : null;
};
