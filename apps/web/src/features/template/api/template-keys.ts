import type { ContractTemplateType, PlaceholderEntityType } from '@tourdesk/contract/enums';

/** Query keys of contract and meet-data templates (one factory per resource). */
export const contractTemplateKeys = {
  all: ['contract-template'] as const,
  list: (organizerId: number) => [...contractTemplateKeys.all, 'list', organizerId] as const,
  detail: (id: number) => [...contractTemplateKeys.all, 'detail', id] as const,
  defaultTypes: () => [...contractTemplateKeys.all, 'default-types'] as const,
  defaultByType: (organizerId: number, type: ContractTemplateType, language: string) =>
    [...contractTemplateKeys.all, 'default', organizerId, type, language] as const,
  placeholders: (entityType: PlaceholderEntityType, language: string) =>
    [...contractTemplateKeys.all, 'placeholders', entityType, language] as const,
};

export const meetDataTemplateKeys = {
  all: ['meet-data-template'] as const,
  list: (organizerId: number) => [...meetDataTemplateKeys.all, 'list', organizerId] as const,
};
