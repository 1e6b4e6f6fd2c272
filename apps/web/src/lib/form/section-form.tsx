import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '@tourdesk/ui';
import { UnsavedChangesGuardOf } from '../../components/unsaved-changes-guard';

/**
 * A section saved on its own (a settings tab, a part of the tour editor): its fields and a sticky
 * save bar that says whether anything is unsaved; Save and Discard only once something changed;
 * leaving with unsaved edits asks first (inside an unsaved-changes scope, the scope asks for all).
 * `quiet`: while nothing is unsaved the bar is one quiet line, for a screen of many sections.
 */
export function SectionForm<T extends FieldValues, B extends FieldValues = T>({
  methods,
  onSubmit,
  isSaving,
  label,
  partKey,
  quiet = false,
  children,
}: {
  methods: UseFormReturn<T, unknown, B>;
  onSubmit: (e?: React.BaseSyntheticEvent) => void;
  isSaving: boolean;
  label: string;
  /** the key this section reports its unsaved edits by to a scope (default: its label) */
  partKey?: string;
  quiet?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const dirty = methods.formState.isDirty;
  return (
    <FormProvider {...methods}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Card className="px-5 py-6 sm:px-8">{children}</Card>
        {quiet && !dirty && !isSaving ? (
          <p className="mt-2 px-1 text-end text-xs text-neutral-500" aria-live="polite">
            {t('form.upToDate')}
          </p>
        ) : (
          <div className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-center justify-end gap-x-3 gap-y-1 rounded-xl border border-neutral-200 bg-surface/95 px-4 py-3 shadow-sm backdrop-blur">
            {/* on a phone the status takes its own line above the buttons */}
            <span className="me-auto basis-full text-sm text-neutral-500 sm:basis-auto" aria-live="polite">
              {dirty ? t('form.unsaved') : t('form.upToDate')}
            </span>
            <div className="ms-auto flex gap-2 sm:gap-3">
              <Button type="button" variant="ghost" disabled={!dirty || isSaving} onClick={() => methods.reset()}>
                {t('form.discard')}
              </Button>
              {/* nothing changed, nothing to save */}
              <Button type="submit" loading={isSaving} disabled={!dirty}>
                {t('form.save')}
              </Button>
            </div>
          </div>
        )}
      </form>
      <UnsavedChangesGuardOf part={{ key: partKey ?? label, label }} dirty={dirty} />
    </FormProvider>
  );
}
