import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { toast } from '@tourdesk/ui';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import type { OrganizerUpdateBody } from '@tourdesk/contract/api/organizer';
import { organizerFieldIssues } from '@tourdesk/contract/api/organizer-rules';
import type { FieldRuleMap } from '@tourdesk/contract/validation';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useUpdateOrganizer } from '../api/update-organizer';

/** A settings tab's part of the update body. */
export type SectionBody = Omit<OrganizerUpdateBody, 'id'>;

export interface SectionFormOptions<B extends SectionBody & FieldValues, V extends FieldValues = FormValues<B>> {
  organizer: Organizer;
  /** the tab's fields of the stored record (the body's shape) */
  defaults: (organizer: Organizer) => V;
  /** only where the tab shows more than the body holds (see useContractForm) */
  prepare?: (values: V) => B;
  /** rules of the tab's own inputs, before the contract's */
  formRules?: FieldRuleMap;
}

/**
 * One settings tab on the form kit: the contract's organizer checks run before anything is sent,
 * then the tab's fields go in one `update` (the server validates the whole body first, so nothing
 * is saved in part; what other tabs hold stays as stored). An image id left undefined (unchanged)
 * is not sent.
 */
export function useSectionForm<B extends SectionBody & FieldValues, V extends FieldValues = FormValues<B>>({
  organizer,
  defaults,
  prepare,
  formRules,
}: SectionFormOptions<B, V>) {
  const { t } = useTranslation('organizer');
  const form = useContractForm<B, V>({
    defaults: defaults(organizer),
    check: organizerFieldIssues,
    formRules,
    prepare,
  });
  const update = useUpdateOrganizer();

  const onSubmit = form.onSubmit((body) =>
    update.mutate(
      { id: organizer.id, ...body },
      {
        onSuccess: (saved) => {
          form.reset(defaults(saved));
          toast.success(t('settings.saved'));
        },
        onError: form.showServerError,
      },
    ),
  );

  return { methods: form, onSubmit, isSaving: update.isPending };
}
