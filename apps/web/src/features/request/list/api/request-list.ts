import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REQUEST_LIST_PAGE_SIZE,
  encodeRequestListFilters,
  requestListRoutes,
} from '@tourdesk/contract/api/request-list-routes';
import type { RequestSetSearchFilterBody } from '@tourdesk/contract/api/request-list';
import type { RequestSearchFilter } from '@tourdesk/contract/entities/request';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { requestListKeys, type RequestKind, type RequestListParams } from './request-list-keys';

const kindParam = (kind: RequestKind) => (kind === 1 ? '1' : '0') as '0' | '1';

/** One page of list-for-org (SPEC §9: 20 a page), newest first. */
export const listRequests = (orgId: number, p: RequestListParams, signal?: AbortSignal) => {
  const filters = encodeRequestListFilters(p.filters);
  return api.call(requestListRoutes.listForOrg, {
    query: {
      organizer_id: orgId,
      group_id: p.groupId,
      is_individual_tour: kindParam(p.kind),
      page: p.page,
      limit: REQUEST_LIST_PAGE_SIZE,
      ...(filters ? { filters } : {}),
      ...(p.baseSaleStatus !== null ? { base_sale_status: p.baseSaleStatus } : {}),
    },
    signal,
  });
};

/** The list's page; while another page or filter loads, the previous rows stay on screen. */
export const useRequestList = (orgId: number, params: RequestListParams) =>
  useQuery({
    queryKey: requestListKeys.list(orgId, params),
    queryFn: ({ signal }) => listRequests(orgId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The tabs (groups) with their counts, of one kind. */
export const useRequestGroups = (orgId: number, kind: RequestKind) =>
  useQuery({
    queryKey: requestListKeys.groups(orgId, kind),
    queryFn: ({ signal }) =>
      api.call(requestListRoutes.groups, {
        query: { organizer_id: orgId, is_individual_tour: kindParam(kind) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The caller's saved filter of the kind (the defaults when none was saved). */
export const useSavedRequestFilter = (orgId: number, kind: RequestKind) =>
  useQuery({
    queryKey: requestListKeys.savedFilter(orgId, kind),
    queryFn: ({ signal }) =>
      api.call(requestListRoutes.getSearchFilter, {
        query: { organizer_id: orgId, is_individual_tour: kindParam(kind) },
        signal,
      }),
    // only this screen changes it, and it writes what it saved into the cache
    staleTime: Infinity,
  });

/**
 * Saves the filter as the screen shows it. Saves run one after another (one mutation scope per
 * organizer and kind), so the last change is the one kept however quickly they follow each other.
 */
export const useSaveRequestFilter = (orgId: number, kind: RequestKind) => {
  const queryClient = useQueryClient();
  return useMutation<
    RequestSearchFilter,
    ApiError,
    Omit<RequestSetSearchFilterBody, 'organizer_id' | 'is_individual_tour'>
  >({
    mutationFn: (filter) =>
      api.call(requestListRoutes.setSearchFilter, {
        body: { ...filter, organizer_id: orgId, is_individual_tour: kind },
      }),
    scope: { id: `request-filter-${orgId}-${kind}` },
    onSuccess: (saved) => queryClient.setQueryData(requestListKeys.savedFilter(orgId, kind), saved),
  });
};

/** The tour filter's choices: the tours the organizer has requests of this kind for. */
export const useRequestFilterTours = (orgId: number, kind: RequestKind) =>
  useQuery({
    queryKey: requestListKeys.tours(orgId, kind),
    queryFn: ({ signal }) =>
      api.call(kind === 1 ? requestListRoutes.individualTours : requestListRoutes.tours, {
        query: { organizer_id: orgId },
        signal,
      }),
    staleTime: 60_000,
  });

/** The first and last start dates of the kind's requests: what the date range picker is bounded by. */
export const useRequestDateStart = (orgId: number, kind: RequestKind) =>
  useQuery({
    queryKey: requestListKeys.dateStart(orgId, kind),
    queryFn: ({ signal }) =>
      api.call(kind === 1 ? requestListRoutes.getDateStartIndividualTours : requestListRoutes.getDateStartRequest, {
        query: { organizer_id: orgId },
        signal,
      }),
    staleTime: 60_000,
  });

/** The five sources with how many requests of the kind came from each. */
export const useRequestSources = (orgId: number, kind: RequestKind) =>
  useQuery({
    queryKey: requestListKeys.sources(orgId, kind),
    queryFn: ({ signal }) =>
      api.call(requestListRoutes.requestSources, {
        query: { organizer_id: orgId, is_individual_tour: kindParam(kind) },
        signal,
      }),
    staleTime: 60_000,
  });
