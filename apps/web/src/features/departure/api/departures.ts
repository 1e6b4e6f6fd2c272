import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departureRoutes, type DepartureRefundRule } from '@tourdesk/contract/api/departure-values';
import type {
  CalendarDeparture,
  DepartureCancelPreview,
  DepartureCancelResponse,
  DepartureGuide,
  DepartureGuidesResponse,
  DepartureMessageResponse,
} from '@tourdesk/contract/api/departure';
import type { TeamMember } from '@tourdesk/contract/api/team';
import { teamRoutes } from '@tourdesk/contract/api/team-routes';
import type { GuideListItem } from '@tourdesk/contract/api/tour';
import { tourRoutes } from '@tourdesk/contract/api/tour-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

/** Query keys of the departures screens. */
export const departureKeys = {
  all: ['departure'] as const,
  calendar: (orgId: number, from: string, to: string) => [...departureKeys.all, 'calendar', orgId, from, to] as const,
};

/** Every departure of the organizer from … to (both included), with seats and guides. */
export const useDepartureCalendar = (orgId: number, from: string, to: string) =>
  useQuery<{ items: CalendarDeparture[] }, ApiError>({
    queryKey: departureKeys.calendar(orgId, from, to),
    queryFn: ({ signal }) =>
      api.call(departureRoutes.calendar, { query: { organizer_id: orgId, from, to }, signal }) as Promise<{
        items: CalendarDeparture[];
      }>,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** A departure's guides with their clashes (the panel). */
export const useDepartureGuides = (orgId: number, tourDateId: number | null) =>
  useQuery<DepartureGuidesResponse, ApiError>({
    queryKey: [...departureKeys.all, 'guides', orgId, tourDateId],
    queryFn: ({ signal }) =>
      api.call(departureRoutes.guides, {
        query: { organizer_id: orgId, tour_date_id: tourDateId! },
        signal,
      }) as Promise<DepartureGuidesResponse>,
    enabled: tourDateId !== null,
  });

/** The organizer's guides to choose from (GET tour/guides). */
export const useOrganizerGuides = (orgId: number, enabled: boolean) =>
  useQuery<GuideListItem[], ApiError>({
    queryKey: [...departureKeys.all, 'organizer-guides', orgId],
    queryFn: ({ signal }) =>
      api.call(tourRoutes.guides, { query: { organizer_id: orgId }, signal }) as Promise<GuideListItem[]>,
    enabled,
    staleTime: 30_000,
  });

/** The organizer's members, to link a guide to (owner only: others do not ask). */
export const useTeamMembers = (orgId: number, enabled: boolean) =>
  useQuery<{ items: TeamMember[] }, ApiError>({
    queryKey: [...departureKeys.all, 'members', orgId],
    queryFn: ({ signal }) =>
      api.call(teamRoutes.members, { query: { organizer_id: orgId }, signal }) as Promise<{ items: TeamMember[] }>,
    enabled,
    staleTime: 30_000,
  });

/** Sets the departure's guides; answers them with their clashes. */
export const useSetDepartureGuides = (orgId: number, tourDateId: number) => {
  const client = useQueryClient();
  return useMutation<DepartureGuidesResponse, ApiError, number[]>({
    mutationFn: (guideIds) =>
      api.call(departureRoutes.setGuides, {
        body: { organizer_id: orgId, tour_date_id: tourDateId, guide_ids: guideIds },
      }) as Promise<DepartureGuidesResponse>,
    onSuccess: (data) => {
      client.setQueryData([...departureKeys.all, 'guides', orgId, tourDateId], data);
      void client.invalidateQueries({ queryKey: [...departureKeys.all, 'calendar'] });
    },
  });
};

/** Links a guide to a member account (or unlinks it). */
export const useLinkGuideUser = (orgId: number) => {
  const client = useQueryClient();
  return useMutation<DepartureGuide, ApiError, { guideId: number; userId: number | null }>({
    mutationFn: ({ guideId, userId }) =>
      api.call(departureRoutes.linkGuideUser, {
        body: { organizer_id: orgId, guide_id: guideId, user_id: userId },
      }) as Promise<DepartureGuide>,
    onSuccess: () => void client.invalidateQueries({ queryKey: departureKeys.all }),
  });
};

/** What canceling the departure under `rule` would do to each live request. */
export const useCancelPreview = (orgId: number, tourDateId: number, rule: DepartureRefundRule, enabled: boolean) =>
  useQuery<DepartureCancelPreview, ApiError>({
    queryKey: [...departureKeys.all, 'cancel-preview', orgId, tourDateId, rule],
    queryFn: ({ signal }) =>
      api.call(departureRoutes.cancelPreview, {
        query: { organizer_id: orgId, tour_date_id: tourDateId, rule },
        signal,
      }) as Promise<DepartureCancelPreview>,
    enabled,
  });

/** Cancels the departure (each live request, with the refunds). */
export const useCancelDeparture = (orgId: number, tourDateId: number) => {
  const client = useQueryClient();
  return useMutation<DepartureCancelResponse, ApiError, { rule: DepartureRefundRule; message: string }>({
    mutationFn: ({ rule, message }) =>
      api.call(departureRoutes.cancel, {
        body: { organizer_id: orgId, tour_date_id: tourDateId, rule, message },
      }) as Promise<DepartureCancelResponse>,
    onSuccess: () => void client.invalidateQueries({ queryKey: departureKeys.all }),
  });
};

/** A text to everyone on the departure. */
export const useMessageDeparture = (orgId: number, tourDateId: number) =>
  useMutation<DepartureMessageResponse, ApiError, string>({
    mutationFn: (text) =>
      api.call(departureRoutes.message, {
        body: { organizer_id: orgId, tour_date_id: tourDateId, text },
      }) as Promise<DepartureMessageResponse>,
  });
