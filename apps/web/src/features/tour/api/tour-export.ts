import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TourCreateIcalFeedBody, TourIcalFeedCreated, TourProgramPdf } from '@tourdesk/contract/api/tour';
import { tourIcalFeedRoutes, tourProgramRoutes } from '@tourdesk/contract/api/tour-routes';
import { INVISIBLE_CAPTCHA_TOKEN_HEADER } from '@tourdesk/contract/api/captcha-routes';
import { api } from '../../../lib/api/client';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { getToken } from '../../../lib/api/token-storage';
import { fileNameOf, saveFile } from '../../../lib/api/download';
import { tourKeys } from './tour-keys';

/** The steps of making a programme PDF, in order (the progress bar shows them). */
export const PDF_STEPS = ['captcha', 'render', 'download'] as const;
export type PdfStep = (typeof PDF_STEPS)[number];

/**
 * GET tour-program/download-pdf: the file's bytes, not JSON, so it is fetched here rather than
 * through the API client (which reads JSON); the headers are the client's (SPEC §7).
 */
const fetchPdf = async (pdf: TourProgramPdf, language: string): Promise<{ blob: Blob; name: string }> => {
  const headers: Record<string, string> = { 'X-Language': language, 'X-USER-ROLE': 'org' };
  const token = getToken();
  if (token) headers['X-Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${tourProgramRoutes.downloadPdf.path}?pdf_id=${pdf.id}`, {
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw toApiError(0, null);
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
    throw toApiError(res.status, body);
  }
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition')) ?? pdf.name };
};

/**
 * Makes the tour's programme PDF and downloads it: the invisible captcha is solved first (its own
 * step, so the progress can say so), then create-pdf renders it in the interface language, then
 * download-pdf brings the file.
 */
export const makeProgramPdf = async (
  tourId: number,
  language: string,
  onStep: (step: PdfStep) => void,
): Promise<TourProgramPdf> => {
  onStep('captcha');
  const captcha = await api.invisibleCaptchaToken();
  onStep('render');
  const pdf = await api.call(
    // the token solved above rides along; the client would otherwise solve another one
    { ...tourProgramRoutes.createPdf, invisibleCaptcha: false },
    {
      body: { tour_id: tourId },
      headers: {
        'X-Language': language,
        ...(captcha ? { [INVISIBLE_CAPTCHA_TOKEN_HEADER]: captcha } : {}),
      },
    },
  );
  onStep('download');
  const file = await fetchPdf(pdf, language);
  saveFile(file.blob, file.name);
  return pdf;
};

export const useProgramPdf = (tourId: number, language: string, onStep: (step: PdfStep) => void) =>
  useMutation<TourProgramPdf, ApiError>({ mutationFn: () => makeProgramPdf(tourId, language, onStep) });

// ─── Calendar feeds ────────────────────────────────────────────────────────────

const feedsKey = (organizerId: number) => [...tourKeys.all(organizerId), 'ical-feeds'] as const;

/** The tour's feeds and the organizer's whole-catalogue ones. */
export const useIcalFeeds = (organizerId: number, tourId: number) =>
  useQuery({
    queryKey: [...feedsKey(organizerId), tourId],
    queryFn: ({ signal }) =>
      api.call(tourIcalFeedRoutes.icalFeeds, { query: { organizer_id: organizerId, tour_id: tourId }, signal }),
  });

export const useCreateIcalFeed = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<TourIcalFeedCreated, ApiError, Omit<TourCreateIcalFeedBody, 'organizer_id'>>({
    mutationFn: (body) => api.call(tourIcalFeedRoutes.createIcalFeed, { body: { ...body, organizer_id: organizerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsKey(organizerId) }),
  });
};

export const useRevokeIcalFeed = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (feedId) =>
      api.call(tourIcalFeedRoutes.revokeIcalFeed, { body: { organizer_id: organizerId, feed_id: feedId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsKey(organizerId) }),
  });
};

/** A feed's address as a calendar app takes it: absolute, on this server. */
export const icalFeedUrl = (path: string): string => new URL(path, window.location.origin).toString();
