import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewRoutes } from '@tourdesk/contract/api/review-routes';
import type { CrmReview, ReviewPhoto, ReviewSaveBody } from '@tourdesk/contract/api/review';
import { api } from '../../../lib/api/client';
import { toApiError } from '../../../lib/api/api-error';
import { reviewKeys } from './review-keys';

export { reviewKeys };

/** The list's filters (GET /crm/api/reviews/list without the organizer and the page). */
export interface ReviewFilters {
  tour_id?: number;
  rating?: number;
  answered?: 'yes' | 'no';
  date_from?: string;
  date_to?: string;
}

export const useReviewList = (orgId: number, filters: ReviewFilters, page: number) =>
  useQuery({
    queryKey: reviewKeys.list(orgId, filters, page),
    queryFn: ({ signal }) =>
      api.call(reviewRoutes.list, { query: { tour_organizer_id: orgId, ...filters, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** The menu's count: reviews not answered yet (kept live by useReviewLiveUpdates). */
export const useUnansweredReviews = (orgId: number) =>
  useQuery({
    queryKey: reviewKeys.unanswered(orgId),
    queryFn: ({ signal }) => api.call(reviewRoutes.unanswered, { query: { tour_organizer_id: orgId }, signal }),
    staleTime: 30_000,
  });

export const useReviewSettings = (orgId: number) =>
  useQuery({
    queryKey: reviewKeys.settings(orgId),
    queryFn: ({ signal }) => api.call(reviewRoutes.settings, { query: { tour_organizer_id: orgId }, signal }),
  });

/** Answer, hide or report a review; the list and the count refetch after. */
export const useReviewActions = (orgId: number) => {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all(orgId) });
  const answer = useMutation({
    mutationFn: (v: { id: number; answer: string }): Promise<CrmReview> =>
      api.call(reviewRoutes.answer, { body: { tour_organizer_id: orgId, ...v } }),
    onSuccess: refresh,
  });
  const hide = useMutation({
    mutationFn: (v: { id: number; hidden: boolean; reason: string }): Promise<CrmReview> =>
      api.call(reviewRoutes.hide, { body: { tour_organizer_id: orgId, ...v } }),
    onSuccess: refresh,
  });
  const report = useMutation({
    mutationFn: (v: { id: number; message: string }): Promise<CrmReview> =>
      api.call(reviewRoutes.report, { body: { tour_organizer_id: orgId, ...v } }),
    onSuccess: refresh,
  });
  const settings = useMutation({
    mutationFn: (delay_hours: number) =>
      api.call(reviewRoutes.updateSettings, { body: { tour_organizer_id: orgId, delay_hours } }),
    onSuccess: refresh,
  });
  return { answer, hide, report, settings };
};

/** The review page behind a secret link. */
export const useReviewPage = (token: string) =>
  useQuery({
    queryKey: reviewKeys.page(token),
    queryFn: ({ signal }) => api.call(reviewRoutes.page, { query: { token }, signal }),
    retry: false,
  });

export const useSaveReview = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ReviewSaveBody, 'token'>) => api.call(reviewRoutes.save, { body: { ...body, token } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.page(token) }),
  });
};

const parse = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text;
  }
};

/** POST /spa/review/photo?token=… as multipart with progress (fetch cannot report it). */
export const uploadReviewPhoto = (token: string, file: File, onProgress: (percent: number) => void) =>
  new Promise<ReviewPhoto>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${reviewRoutes.photo.path}?${new URLSearchParams({ token }).toString()}`);
    xhr.setRequestHeader('X-Language', document.documentElement.lang || 'en');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as ReviewPhoto);
      } else reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(toApiError(0, null));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
