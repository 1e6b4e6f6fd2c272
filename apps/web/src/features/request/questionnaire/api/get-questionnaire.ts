import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionnaireRoutes } from '@tourdesk/contract/api/request-tourist-routes';
import type { Questionnaire } from '@tourdesk/contract/api/request-tourist';
import { api } from '../../../../lib/api/client';
import { isApiError } from '../../../../lib/api/api-error';
import { questionnaireKeys } from './questionnaire-keys';

export const getQuestionnaire = (uuid: string, signal?: AbortSignal): Promise<Questionnaire> =>
  api.call(questionnaireRoutes.getByUuid, { query: { uuid }, signal });

export const questionnaireQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: questionnaireKeys.detail(uuid),
    queryFn: ({ signal }) => getQuestionnaire(uuid, signal),
    // a link that is not there stays not there
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
    staleTime: 30_000,
  });

/** The group as the link shows it: names and who has filled in (GET request/get-by-uuid). */
export const useQuestionnaire = (uuid: string) => useQuery(questionnaireQueryOptions(uuid));
