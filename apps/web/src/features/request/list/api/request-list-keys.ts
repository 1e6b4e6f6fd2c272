import type { RequestListFilters } from '@tourdesk/contract/api/request-list-routes';

/** 0: requests for departures; 1: individual tours (SPEC §7 is_individual_tour). */
export type RequestKind = 0 | 1;

/** What one page of the list is asked with (list-for-org). */
export interface RequestListParams {
  kind: RequestKind;
  groupId: number;
  page: number;
  filters: RequestListFilters;
  baseSaleStatus: number | null;
}

/**
 * Query keys of the request list screen, everything of one organizer under ['requests', orgId]:
 * the list's pages, its tabs, the navigation badge, the saved filter, the filters' choices and
 * what the new-request form picks from.
 */
export const requestListKeys = {
  all: (orgId: number) => ['requests', orgId] as const,
  list: (orgId: number, params: RequestListParams) => ['requests', orgId, 'list', params] as const,
  groups: (orgId: number, kind: RequestKind) => ['requests', orgId, 'groups', kind] as const,
  count: (orgId: number) => ['requests', orgId, 'count'] as const,
  savedFilter: (orgId: number, kind: RequestKind) => ['requests', orgId, 'saved-filter', kind] as const,
  tours: (orgId: number, kind: RequestKind) => ['requests', orgId, 'tours', kind] as const,
  dateStart: (orgId: number, kind: RequestKind) => ['requests', orgId, 'date-start', kind] as const,
  sources: (orgId: number, kind: RequestKind) => ['requests', orgId, 'sources', kind] as const,
  tourChoices: (orgId: number) => ['requests', orgId, 'new', 'tours'] as const,
  departures: (orgId: number, tourId: number) => ['requests', orgId, 'new', 'departures', tourId] as const,
};
