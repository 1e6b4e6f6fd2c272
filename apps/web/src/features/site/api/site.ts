import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainCheck, SitePage } from '@tourdesk/contract/api/site';
import { sitePublicRoutes, siteRoutes } from '@tourdesk/contract/api/site-routes';
import type { Site, SiteDocument, SiteFont, SitePreset } from '@tourdesk/contract/entities/site';
import type { DocumentType, PageType } from '@tourdesk/contract/enum-values';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { siteKeys } from './site-keys';

/** A body of a site call without the organizer (it goes in the query). */
type Body<R> = NonNullable<RouteBody<R>>;
const org = (organizerId: number) => ({ organizer_id: organizerId });

// ─── fetchers: one per siteApi call ──────────────────────────────────────────

export const siteFetchers = {
  getAttachedSite: (organizerId: number, signal?: AbortSignal) =>
    api.call(siteRoutes.getAttachedSite, { query: org(organizerId), signal }),
  attachSite: (organizerId: number, body: Body<typeof siteRoutes.attachSite>) =>
    api.call(siteRoutes.attachSite, { query: org(organizerId), body }),
  publishData: (organizerId: number, type: PageType) =>
    api.call(siteRoutes.publishData, { query: org(organizerId), body: { type } }),
  checkDomain: (organizerId: number, body: Body<typeof siteRoutes.checkDomain>, signal?: AbortSignal) =>
    api.call(siteRoutes.checkDomain, { query: org(organizerId), body, signal }),
  changeDomain: (organizerId: number, body: Body<typeof siteRoutes.changeDomain>) =>
    api.call(siteRoutes.changeDomain, { query: org(organizerId), body }),
  getPage: (organizerId: number, type: PageType, signal?: AbortSignal) =>
    api.call(siteRoutes.getPage, { query: { ...org(organizerId), type }, signal }),
  savePageBlocks: (organizerId: number, body: Body<typeof siteRoutes.savePageBlocks>) =>
    api.call(siteRoutes.savePageBlocks, { query: org(organizerId), body }),
  updateMainPageSetting: (organizerId: number, body: Body<typeof siteRoutes.updateMainPageSetting>) =>
    api.call(siteRoutes.updateMainPageSetting, { query: org(organizerId), body }),
  getPresetList: (organizerId: number, signal?: AbortSignal) =>
    api.call(siteRoutes.getPresetList, { query: org(organizerId), signal }),
  changePreset: (organizerId: number, body: Body<typeof siteRoutes.changePreset>) =>
    api.call(siteRoutes.changePreset, { query: org(organizerId), body }),
  getPreset: (organizerId: number, signal?: AbortSignal) =>
    api.call(siteRoutes.getPreset, { query: org(organizerId), signal }),
  getFontsForPreset: (organizerId: number, signal?: AbortSignal) =>
    api.call(siteRoutes.getFontsForPreset, { query: org(organizerId), signal }),
  updatePresetData: (organizerId: number, body: Body<typeof siteRoutes.updatePresetData>) =>
    api.call(siteRoutes.updatePresetData, { query: org(organizerId), body }),
  addFont: (organizerId: number, body: Body<typeof siteRoutes.addFont>) =>
    api.call(siteRoutes.addFont, { query: org(organizerId), body }),
  updateFont: (organizerId: number, body: Body<typeof siteRoutes.updateFont>) =>
    api.call(siteRoutes.updateFont, { query: org(organizerId), body }),
  fontData: (organizerId: number, id: number, signal?: AbortSignal) =>
    api.call(siteRoutes.fontData, { query: { ...org(organizerId), id }, signal }),
  updateFavicon: (organizerId: number, fileId: number | null) =>
    api.call(siteRoutes.updateFavicon, { query: org(organizerId), body: { file_id: fileId } }),
  getFavicon: (organizerId: number, signal?: AbortSignal) =>
    api.call(siteRoutes.getFavicon, { query: org(organizerId), signal }),
  getDocument: (organizerId: number, type: DocumentType, signal?: AbortSignal) =>
    api.call(siteRoutes.getDocument, { query: { ...org(organizerId), type }, signal }),
  updateDocument: (organizerId: number, body: Body<typeof siteRoutes.updateDocument>) =>
    api.call(siteRoutes.updateDocument, { query: org(organizerId), body }),
  validateBlock: (organizerId: number, body: Body<typeof siteRoutes.validateBlock>) =>
    api.call(siteRoutes.validateBlock, { query: org(organizerId), body }),
  parseMassMediaArticle: (organizerId: number, url: string) =>
    api.call(siteRoutes.parseMassMediaArticle, { query: org(organizerId), body: { url } }),
  siteMockTours: (lang: 'en' | 'ru', signal?: AbortSignal) =>
    api.call(sitePublicRoutes.siteMockTours, { query: { lang }, signal }),
  siteMockTour: (lang: 'en' | 'ru', signal?: AbortSignal) =>
    api.call(sitePublicRoutes.siteMockTour, { query: { lang }, signal }),
};

// ─── queries ─────────────────────────────────────────────────────────────────

export const siteQueries = {
  site: (organizerId: number) =>
    queryOptions({
      queryKey: siteKeys.site(organizerId),
      queryFn: ({ signal }) => siteFetchers.getAttachedSite(organizerId, signal),
    }),
  page: (organizerId: number, type: PageType) =>
    queryOptions({
      queryKey: siteKeys.page(organizerId, type),
      queryFn: ({ signal }) => siteFetchers.getPage(organizerId, type, signal),
      // the editor holds the draft: a refetch on focus would not replace unsaved blocks anyway
      staleTime: Infinity,
    }),
  presets: (organizerId: number) =>
    queryOptions({
      queryKey: siteKeys.presets(organizerId),
      queryFn: ({ signal }) => siteFetchers.getPresetList(organizerId, signal),
      staleTime: 5 * 60_000,
    }),
  preset: (organizerId: number) =>
    queryOptions({
      queryKey: siteKeys.preset(organizerId),
      queryFn: ({ signal }) => siteFetchers.getPreset(organizerId, signal),
    }),
  fonts: (organizerId: number) =>
    queryOptions({
      queryKey: siteKeys.fonts(organizerId),
      queryFn: ({ signal }) => siteFetchers.getFontsForPreset(organizerId, signal),
      staleTime: 5 * 60_000,
    }),
  favicon: (organizerId: number) =>
    queryOptions({
      queryKey: siteKeys.favicon(organizerId),
      queryFn: ({ signal }) => siteFetchers.getFavicon(organizerId, signal),
    }),
  document: (organizerId: number, type: DocumentType) =>
    queryOptions({
      queryKey: siteKeys.document(organizerId, type),
      queryFn: ({ signal }) => siteFetchers.getDocument(organizerId, type, signal),
    }),
  mockTours: (lang: 'en' | 'ru') =>
    queryOptions({
      queryKey: siteKeys.mockTours(lang),
      queryFn: ({ signal }) => siteFetchers.siteMockTours(lang, signal),
      staleTime: Infinity,
    }),
  mockTour: (lang: 'en' | 'ru') =>
    queryOptions({
      queryKey: siteKeys.mockTour(lang),
      queryFn: ({ signal }) => siteFetchers.siteMockTour(lang, signal),
      staleTime: Infinity,
    }),
};

export const useAttachedSite = (organizerId: number) => useQuery(siteQueries.site(organizerId));
export const useSitePage = (organizerId: number, type: PageType) => useQuery(siteQueries.page(organizerId, type));
export const usePresetList = (organizerId: number, enabled = true) =>
  useQuery({ ...siteQueries.presets(organizerId), enabled });
export const usePreset = (organizerId: number, enabled = true) =>
  useQuery({ ...siteQueries.preset(organizerId), enabled });
export const useFonts = (organizerId: number) => useQuery(siteQueries.fonts(organizerId));
export const useFavicon = (organizerId: number) => useQuery(siteQueries.favicon(organizerId));
export const useSiteDocument = (organizerId: number, type: DocumentType) =>
  useQuery(siteQueries.document(organizerId, type));
export const useMockTours = (lang: 'en' | 'ru', enabled: boolean) =>
  useQuery({ ...siteQueries.mockTours(lang), enabled });
export const useMockTour = (lang: 'en' | 'ru', enabled: boolean) =>
  useQuery({ ...siteQueries.mockTour(lang), enabled });

// ─── mutations ───────────────────────────────────────────────────────────────

/** attach-site: the new site shows at once, its pages (filled by the server) load next. */
export const useAttachSite = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<Site, ApiError, Body<typeof siteRoutes.attachSite>>({
    mutationFn: (body) => siteFetchers.attachSite(organizerId, body),
    onSuccess: async (site) => {
      queryClient.setQueryData(siteKeys.site(organizerId), site);
      await queryClient.invalidateQueries({ queryKey: siteKeys.all(organizerId) });
    },
  });
};

const setPage = (queryClient: ReturnType<typeof useQueryClient>, organizerId: number, page: SitePage) =>
  queryClient.setQueryData(siteKeys.page(organizerId, page.type), page);

export const useSavePageBlocks = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<SitePage, ApiError, Body<typeof siteRoutes.savePageBlocks>>({
    mutationFn: (body) => siteFetchers.savePageBlocks(organizerId, body),
    onSuccess: (page) => setPage(queryClient, organizerId, page),
  });
};

export const usePublishPage = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<SitePage, ApiError, PageType>({
    mutationFn: (type) => siteFetchers.publishData(organizerId, type),
    onSuccess: async (page) => {
      setPage(queryClient, organizerId, page);
      // the site's status and published_at change with its first publish
      await queryClient.invalidateQueries({ queryKey: siteKeys.site(organizerId) });
    },
  });
};

export const useUpdateMainPageSetting = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<SitePage, ApiError, Body<typeof siteRoutes.updateMainPageSetting>>({
    mutationFn: (body) => siteFetchers.updateMainPageSetting(organizerId, body),
    onSuccess: (page) => setPage(queryClient, organizerId, page),
  });
};

export const useCheckDomain = (organizerId: number) =>
  useMutation<DomainCheck, ApiError, Body<typeof siteRoutes.checkDomain>>({
    mutationFn: (body) => siteFetchers.checkDomain(organizerId, body),
  });

export const useChangeDomain = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<Site, ApiError, Body<typeof siteRoutes.changeDomain>>({
    mutationFn: (body) => siteFetchers.changeDomain(organizerId, body),
    onSuccess: (site) => queryClient.setQueryData(siteKeys.site(organizerId), site),
  });
};

/** change-preset and update-preset-data answer the preset: it shows at once. */
const usePresetMutation = <V>(organizerId: number, send: (vars: V) => Promise<SitePreset>) => {
  const queryClient = useQueryClient();
  return useMutation<SitePreset, ApiError, V>({
    mutationFn: send,
    onSuccess: async (preset) => {
      queryClient.setQueryData(siteKeys.preset(organizerId), preset);
      await queryClient.invalidateQueries({ queryKey: siteKeys.site(organizerId) });
    },
  });
};

export const useChangePreset = (organizerId: number) =>
  usePresetMutation(organizerId, (body: Body<typeof siteRoutes.changePreset>) =>
    siteFetchers.changePreset(organizerId, body),
  );

export const useUpdatePresetData = (organizerId: number) =>
  usePresetMutation(organizerId, (body: Body<typeof siteRoutes.updatePresetData>) =>
    siteFetchers.updatePresetData(organizerId, body),
  );

export const useAddFont = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<SiteFont, ApiError, Body<typeof siteRoutes.addFont>>({
    mutationFn: (body) => siteFetchers.addFont(organizerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.fonts(organizerId) }),
  });
};

export const useUpdateFont = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<SiteFont, ApiError, Body<typeof siteRoutes.updateFont>>({
    mutationFn: (body) => siteFetchers.updateFont(organizerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.fonts(organizerId) }),
  });
};

export const useUpdateFavicon = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<Awaited<ReturnType<typeof siteFetchers.updateFavicon>>, ApiError, number | null>({
    mutationFn: (fileId) => siteFetchers.updateFavicon(organizerId, fileId),
    onSuccess: async (favicon) => {
      queryClient.setQueryData(siteKeys.favicon(organizerId), favicon);
      await queryClient.invalidateQueries({ queryKey: siteKeys.site(organizerId) });
    },
  });
};

export const useUpdateDocument = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<SiteDocument, ApiError, Body<typeof siteRoutes.updateDocument>>({
    mutationFn: (body) => siteFetchers.updateDocument(organizerId, body),
    onSuccess: (document) => queryClient.setQueryData(siteKeys.document(organizerId, document.type), document),
  });
};

export const useValidateBlock = (organizerId: number) =>
  useMutation<{ success: true }, ApiError, Body<typeof siteRoutes.validateBlock>>({
    mutationFn: (body) => siteFetchers.validateBlock(organizerId, body),
  });

export const useParseMassMediaArticle = (organizerId: number) =>
  useMutation({ mutationFn: (url: string) => siteFetchers.parseMassMediaArticle(organizerId, url) });
