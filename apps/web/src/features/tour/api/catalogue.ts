import { useQuery } from '@tanstack/react-query';
import { tourRoutes, type CatalogueKind } from '@tourdesk/contract/api/tour-routes';
import type { Ref } from '@tourdesk/contract/entities/tour';
import { api } from '../../../lib/api/client';

/** The languages the catalogue is named in (the server answers in X-Language). */
export type CatalogueLanguage = 'en' | 'ru';
export const catalogueLanguageOf = (language: string | undefined): CatalogueLanguage =>
  (language ?? '').toLowerCase().startsWith('ru') ? 'ru' : 'en';

/** Reference data, the same for everyone: one entry per kind and language, never per organizer. */
export const catalogueKeys = {
  kind: (kind: CatalogueKind, language: CatalogueLanguage) => ['tour-catalogue', kind, language] as const,
};

/** GET tour/catalogue: every value of one kind, named in `language`, sorted by that name. */
export const getCatalogue = async (kind: CatalogueKind, language: CatalogueLanguage, signal?: AbortSignal) =>
  (await api.call(tourRoutes.catalogue, { query: { kind }, headers: { 'X-Language': language }, signal })).items;

/**
 * One kind of the catalogue, loaded once per session (the lists hold tens of values, so the
 * field filters them itself). `enabled: false` waits: the other language's names are loaded only
 * when a list is opened, to search in either language as the server does.
 */
export const useCatalogue = (kind: CatalogueKind, language: CatalogueLanguage, enabled = true) =>
  useQuery<Ref[]>({
    queryKey: catalogueKeys.kind(kind, language),
    queryFn: ({ signal }) => getCatalogue(kind, language, signal),
    staleTime: Infinity,
    gcTime: 60 * 60_000,
    enabled,
  });
