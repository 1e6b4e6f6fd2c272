import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { useUpdateOrganizer, type UpdateOrganizerInput } from '../api/update-organizer';
import { applyServerErrors } from './form-kit';

export interface SectionFormOptions<T extends FieldValues> {
  organizer: Organizer;
  /** the tab's part of the profile, as form values */
  toValues: (organizer: Organizer) => T;
  /** the update body for the tab (only the tab's fields: the rest of the record stays as stored) */
  toBody: (values: T) => Omit<UpdateOrganizerInput, 'id'>;
  /** top-level body fields this tab owns; server errors on them land on the form */
  owns: readonly string[];
  aliases?: Record<string, string>;
}

/**
 * One settings tab: every field of the tab is validated before anything is sent, then the tab is
 * saved in one `update` (the server validates the whole body first, so nothing is saved in part).
 */
export function useSectionForm<T extends FieldValues>({
  organizer,
  toValues,
  toBody,
  owns,
  aliases,
}: SectionFormOptions<T>) {
  const { t } = useTranslation('organizer');
  const methods: UseFormReturn<T> = useForm<T>({
    defaultValues: toValues(organizer) as DefaultValues<T>,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
  });
  const { reset, handleSubmit, setError, formState } = methods;
  const update = useUpdateOrganizer();

  // A fresh record from the server (after a save or a live update) replaces untouched values.
  useEffect(() => {
    if (!formState.isDirty) reset(toValues(organizer));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- toValues is a pure mapping per tab
  }, [organizer, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { id: organizer.id, ...toBody(values) },
      {
        onSuccess: (saved) => {
          reset(toValues(saved));
          toast.success(t('settings.saved'));
        },
        onError: (error) =>
          applyServerErrors(error, setError, {
            t: (key, params) => t(key.includes(':') ? key : `common:${key}`, params),
            owns: (path) => owns.includes(path.split('.')[0] ?? ''),
            aliases,
          }),
      },
    ),
  );

  return { methods, onSubmit: (e?: React.BaseSyntheticEvent) => void onSubmit(e), isSaving: update.isPending };
}
