import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractTemplateCreateBody, DefaultContractTemplate } from '@tourdesk/contract/api/template';
import { contractTemplateRoutes, documentTemplateRoutes } from '@tourdesk/contract/api/template-routes';
import type { ContractTemplate, PlaceholdersMap } from '@tourdesk/contract/entities/template';
import type { ContractTemplateType, PlaceholderEntityType } from '@tourdesk/contract/enums';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { contractTemplateKeys } from './template-keys';

// ─── list / get ────────────────────────────────────────────────────────────────
export const getContractTemplates = (organizerId: number, signal?: AbortSignal): Promise<ContractTemplate[]> =>
  api.call(contractTemplateRoutes.list, { query: { organizer_id: organizerId }, signal });
export const contractTemplatesQueryOptions = (organizerId: number) =>
  queryOptions({
    queryKey: contractTemplateKeys.list(organizerId),
    queryFn: ({ signal }) => getContractTemplates(organizerId, signal),
  });
export const useContractTemplates = (organizerId: number) => useQuery(contractTemplatesQueryOptions(organizerId));

export const getContractTemplate = (id: number, signal?: AbortSignal): Promise<ContractTemplate> =>
  api.call(contractTemplateRoutes.get, { query: { id }, signal });
export const contractTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: contractTemplateKeys.detail(id), queryFn: ({ signal }) => getContractTemplate(id, signal) });
export const useContractTemplate = (id: number | null) =>
  useQuery({ ...contractTemplateQueryOptions(id ?? 0), enabled: id !== null });

// ─── default templates ─────────────────────────────────────────────────────────
export const getDefaultTemplateTypes = (signal?: AbortSignal) =>
  api.call(contractTemplateRoutes.getDefaultTemplateTypes, { signal });
export const useDefaultTemplateTypes = (language: string) =>
  useQuery({
    queryKey: [...contractTemplateKeys.defaultTypes(), language],
    queryFn: ({ signal }) => getDefaultTemplateTypes(signal),
    staleTime: Infinity,
  });

export const getDefaultTemplateByType = (
  organizerId: number,
  type: ContractTemplateType,
): Promise<DefaultContractTemplate> =>
  api.call(contractTemplateRoutes.getDefaultTemplateByType, { query: { organizer_id: organizerId, type } });

/** Fetches the shipped template of a type on demand (the editor asks before replacing its content). */
export const useFetchDefaultTemplate = (organizerId: number, language: string) => {
  const queryClient = useQueryClient();
  return (type: ContractTemplateType) =>
    queryClient.fetchQuery({
      queryKey: contractTemplateKeys.defaultByType(organizerId, type, language),
      queryFn: () => getDefaultTemplateByType(organizerId, type),
      staleTime: Infinity,
    });
};

// ─── placeholders ──────────────────────────────────────────────────────────────
export const getPlaceholdersMap = (entityType: PlaceholderEntityType, signal?: AbortSignal): Promise<PlaceholdersMap> =>
  api.call(documentTemplateRoutes.placeholdersMap, { query: { entity_type: entityType }, signal });
export const usePlaceholdersMap = (entityType: PlaceholderEntityType, language: string) =>
  useQuery({
    queryKey: contractTemplateKeys.placeholders(entityType, language),
    queryFn: ({ signal }) => getPlaceholdersMap(entityType, signal),
    staleTime: Infinity,
  });

// ─── create / update / delete ──────────────────────────────────────────────────
export type SaveContractTemplateInput = ContractTemplateCreateBody & { id?: number | null };
export const saveContractTemplate = ({
  id,
  organizer_id,
  ...fields
}: SaveContractTemplateInput): Promise<ContractTemplate> =>
  id
    ? api.call(contractTemplateRoutes.update, { body: { id, ...fields } })
    : api.call(contractTemplateRoutes.create, { body: { organizer_id, ...fields } });

export const useSaveContractTemplate = ({ onSuccess }: { onSuccess?: (template: ContractTemplate) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<ContractTemplate, ApiError, SaveContractTemplateInput>({
    mutationFn: saveContractTemplate,
    onSuccess: async (template, input) => {
      queryClient.setQueryData(contractTemplateKeys.detail(template.id), template);
      await queryClient.invalidateQueries({ queryKey: contractTemplateKeys.list(input.organizer_id) });
      onSuccess?.(template);
    },
  });
};

export const deleteContractTemplate = (id: number) => api.call(contractTemplateRoutes.delete, { body: { id } });
export const useDeleteContractTemplate = (organizerId: number, { onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: deleteContractTemplate,
    onSuccess: async (_d, id) => {
      queryClient.removeQueries({ queryKey: contractTemplateKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: contractTemplateKeys.list(organizerId) });
      onSuccess?.();
    },
  });
};
