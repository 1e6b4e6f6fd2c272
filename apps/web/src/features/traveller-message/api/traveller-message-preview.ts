import { useQuery } from '@tanstack/react-query';
import type { RenderedTravellerMessage } from '@tourdesk/contract/api/traveller-message';
import { travellerMessageRoutes, type TravellerMessageKind } from '@tourdesk/contract/api/traveller-message-routes';
import type { Language } from '@tourdesk/contract/entities/user';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { travellerMessageKeys } from './traveller-message-keys';

/** GET preview: one kind as the traveller gets it (the organizer's saved text or the shipped one), sample values. */
export const useTravellerMessagePreview = (
  organizerId: number,
  kind: TravellerMessageKind,
  lang: Language,
  enabled = true,
) =>
  useQuery<RenderedTravellerMessage, ApiError>({
    queryKey: travellerMessageKeys.preview(organizerId, kind, lang),
    queryFn: ({ signal }) =>
      api.call(travellerMessageRoutes.preview, { query: { organizer_id: organizerId, kind, lang }, signal }),
    enabled,
  });
