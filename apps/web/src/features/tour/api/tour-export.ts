import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TourCreateIcalFeedBody, TourIcalFeedCreated, TourProgramPdf } from '@tourdesk/contract/api/tour';
import { tourIcalFeedRoutes, tourProgramRoutes } from '@tourdesk/contract/api/tour-routes';
import { INVISIBLE_CAPTCHA_TOKEN_HEADER } from '@tourdesk/contract/api/captcha-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { saveFile } from '../../../lib/api/download';
import { tourKeys } from './tour-keys';

/** The steps of making a programme PDF, in order (the progress bar shows them). */
export const PDF_STEPS = ['captcha', 'render', 'download'] as const;
export type PdfStep = (typeof PDF_STEPS)[number];

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
  const file = await api.download(tourProgramRoutes.downloadPdf, {
    query: { pdf_id: pdf.id },
    headers: { 'X-Language': language },
  });
  saveFile(file.blob, file.name ?? pdf.name);
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
