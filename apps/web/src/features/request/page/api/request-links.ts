import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TravellerLinks } from '@tourdesk/contract/api/request-links';
import { requestLinksRoutes } from '@tourdesk/contract/api/request-links-routes';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { requestPageKeys } from './request-keys';

/** Under the request's own key (request-keys.ts): a live update of the request refetches them too. */
export const requestLinksKeys = {
  links: (requestId: number) => ['request', requestId, 'traveller-links'] as const,
};

/** GET traveller-links: the questionnaire link and the request's chat link (null until the traveller writes). */
export const useTravellerLinks = (requestId: number) =>
  useQuery<TravellerLinks, ApiError>({
    queryKey: requestLinksKeys.links(requestId),
    queryFn: ({ signal }) => api.call(requestLinksRoutes.travellerLinks, { query: { request_id: requestId }, signal }),
  });

export type ReissuedLink = 'questionnaire' | 'chat';

/**
 * Reissues one of the links: the answer's links are shown at once, then the links and the
 * request (its uuid) are read again; the caller's onSuccess runs after that.
 */
export const useReissueLink = (requestId: number) => {
  const queryClient = useQueryClient();
  return useMutation<TravellerLinks, ApiError, ReissuedLink>({
    mutationFn: (link) =>
      api.call(
        link === 'questionnaire' ? requestLinksRoutes.reissueQuestionnaireLink : requestLinksRoutes.reissueChatLink,
        {
          body: { request_id: requestId },
        },
      ),
    onSuccess: async (links) => {
      queryClient.setQueryData(requestLinksKeys.links(requestId), links);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestLinksKeys.links(requestId) }),
        queryClient.invalidateQueries({ queryKey: requestPageKeys.detail(requestId) }),
      ]);
    },
  });
};
