/** Query keys of the tourists' questionnaire: everything of one link under ['questionnaire', uuid]. */
export const questionnaireKeys = {
  all: (uuid: string) => ['questionnaire', uuid] as const,
  detail: (uuid: string) => ['questionnaire', uuid, 'detail'] as const,
  tripInfo: (uuid: string) => ['questionnaire', uuid, 'trip-info'] as const,
};
