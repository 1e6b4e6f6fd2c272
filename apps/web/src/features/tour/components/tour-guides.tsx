import { useCallback, useEffect, useId, useState } from 'react';
import { Controller, FormProvider, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, EmptyState, LoadingState, Modal, Upload, cn, toast } from '@tourdesk/ui';
import { ImageIcon, Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import type { GuideListItem } from '@tourdesk/contract/api/tour';
import { GUIDE_FIELD_RULES } from '@tourdesk/contract/api/guide-rules';
import { TextField } from '../../../lib/form/fields';
import { errorAt } from '../../../lib/form/paths';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useApiErrorToast } from '../../../lib/form-errors';
import { useImageUpload } from '../../../lib/upload/use-upload';
import { guideInUseCount, useDeleteGuide, useGuides, useSaveGuide, type GuideBody } from '../api/guides';

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
const EMPTY: FormValues<GuideBody> = { first_name: '', last_name: '', about: '', photo_id: null };

/** A stored upload's small variant (374×500) for a thumbnail; any other URL as it is. */
const thumbnailOf = (url: string | null | undefined): string | null =>
  url ? (/^\/files\/\d+$/.test(url) ? `${url}/poster` : url) : null;
const fullNameOf = (g: Pick<GuideListItem, 'first_name' | 'last_name'>): string =>
  [g.first_name, g.last_name].filter(Boolean).join(' ');

/**
 * The ids a guides value holds: the form sends ids; a value taken straight from a stored tour
 * (its guides as objects) is read as their ids.
 */
export const guideIdsOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value
        .map((v: unknown) => (typeof v === 'number' ? v : (v as { id?: unknown } | null)?.id))
        .filter((id): id is number => typeof id === 'number')
    : [];

/** The guide's photo in the guide form: upload with progress, the photo itself, remove. */
function GuidePhotoField({ organizerId, stored }: { organizerId: number; stored: { id: number; url: string } | null }) {
  const { t } = useTranslation('tours');
  const { control, formState } = useFormContext<FormValues<GuideBody>>();
  const upload = useImageUpload(organizerId);
  // thumbnails of the photos uploaded here, by id (the value is only an id)
  const [uploaded, setUploaded] = useState<Record<number, string>>({});
  const shownOf = (id: unknown): string | null =>
    typeof id !== 'number' ? null : id === stored?.id ? stored.url : (uploaded[id] ?? null);
  const error = errorAt(formState.errors, 'photo_id');
  const label = t('guides.fields.photo');
  return (
    <Controller
      control={control}
      name="photo_id"
      render={({ field }) => {
        const photo = shownOf(field.value);
        return (
          <div role="group" aria-label={label} className="flex flex-col gap-2 sm:col-span-2">
            <span className="text-sm font-medium text-neutral-800">{label}</span>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50">
                {photo ? (
                  <img src={photo} alt={label} className="size-full object-cover" />
                ) : (
                  <span className="flex flex-col items-center gap-1 text-xs text-neutral-400">
                    <ImageIcon size={24} aria-hidden="true" />
                    {t('guides.photo.none')}
                  </span>
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <Upload
                  upload={upload}
                  accept={IMAGE_ACCEPT}
                  clearOnSuccess
                  label={photo ? t('guides.photo.replace') : t('guides.photo.choose')}
                  onUploaded={(image) => {
                    setUploaded((urls) => ({ ...urls, [image.id]: image.variants.poster || image.url }));
                    field.onChange(image.id);
                  }}
                />
                {photo && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="self-start text-danger-700"
                    onClick={() => field.onChange(null)}
                  >
                    <Trash2 size={14} aria-hidden="true" />
                    {t('guides.photo.remove')}
                  </Button>
                )}
                {error && (
                  <p role="alert" className="text-xs text-danger-600">
                    {error}
                  </p>
                )}
              </div>
            </div>
          </div>
        );
      }}
    />
  );
}

/** Create (guide null) or edit a guide: the contract's GUIDE_FIELD_RULES before sending, server errors on their fields. */
export function GuideFormModal({
  organizerId,
  guide,
  open,
  onOpenChange,
  onSaved,
}: {
  organizerId: number;
  guide: GuideListItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (guide: GuideListItem, created: boolean) => void;
}) {
  const { t } = useTranslation('tours');
  const formId = useId();
  const form = useContractForm<GuideBody>({ defaults: EMPTY, rules: GUIDE_FIELD_RULES });
  const save = useSaveGuide(organizerId);
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(
      guide
        ? {
            first_name: guide.first_name,
            last_name: guide.last_name,
            about: guide.about,
            photo_id: guide.photo?.id ?? null,
          }
        : EMPTY,
    );
  }, [open, guide, reset]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...values, guide_id: guide?.id ?? null },
      {
        onSuccess: (saved) => {
          toast.success(guide ? t('guides.saved') : t('guides.created'));
          onSaved?.(saved, !guide);
          onOpenChange(false);
        },
        onError: form.showServerError,
      },
    ),
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="form"
      title={guide ? t('guides.editTitle') : t('guides.createTitle')}
      description={t('guides.formText')}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('guides.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {guide ? t('guides.save') : t('guides.create')}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form
          id={formId}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            // the modal renders in a portal, but React passes its submit up to the tour section's form
            event.stopPropagation();
            submit(event);
          }}
        >
          <TextField name="first_name" label={t('guides.fields.first_name')} required autoComplete="off" />
          <TextField name="last_name" label={t('guides.fields.last_name')} autoComplete="off" />
          <TextField
            name="about"
            label={t('guides.fields.about')}
            hint={t('guides.aboutHint')}
            multiline
            rows={5}
            className="sm:col-span-2"
          />
          <GuidePhotoField
            organizerId={organizerId}
            stored={guide?.photo ? { id: guide.photo.id, url: thumbnailOf(guide.photo.url) ?? guide.photo.url } : null}
          />
        </form>
      </FormProvider>
    </Modal>
  );
}

type Deleting = { guide: GuideListItem; step: 'confirm' } | { guide: GuideListItem; step: 'force'; count: number };

/**
 * The tour's guides, picked from the organizer's (SPEC §3 Guide; `guides` of the tour body: an
 * array of guide ids). Each guide is a card with a checkbox; a new guide is made in a popup and
 * chosen at once; each can be edited, or deleted after a confirmation — and a second one naming
 * how many tours lose the guide when some do (delete-guide with force).
 */
export function GuidesField({
  name,
  organizerId,
  label,
  description,
}: {
  name: string;
  organizerId: number;
  label: string;
  description?: string;
}) {
  const { t } = useTranslation('tours');
  const { control, formState } = useFormContext();
  const { field } = useController({ control, name });
  const error = errorAt(formState.errors, name);
  const ids = guideIdsOf(field.value);
  const list = useGuides(organizerId);
  const guides = list.data ?? [];
  const baseId = useId();
  const [editing, setEditing] = useState<{ open: boolean; guide: GuideListItem | null }>({ open: false, guide: null });
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const remove = useDeleteGuide(organizerId);
  const toastApiError = useApiErrorToast();

  const { ref: fieldRef } = field;
  // the form focuses the field (an error, the publishing summary): its first checkbox or button
  const focusRef = useCallback(
    (el: HTMLFieldSetElement | null) =>
      fieldRef(el && { focus: () => el.querySelector<HTMLElement>('input, button')?.focus() }),
    [fieldRef],
  );
  const setIds = (next: number[]) => field.onChange(next);
  const toggle = (id: number) => setIds(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

  const deleteGuide = (target: Deleting) =>
    remove.mutate(
      { guide_id: target.guide.id, force: target.step === 'force' },
      {
        onSuccess: () => {
          toast.success(t('guides.deleted'));
          setDeleting(null);
          if (ids.includes(target.guide.id)) setIds(ids.filter((x) => x !== target.guide.id));
        },
        onError: (e) => {
          const count = guideInUseCount(e);
          if (count !== null && target.step === 'confirm') setDeleting({ guide: target.guide, step: 'force', count });
          else toastApiError(e);
        },
      },
    );

  const descriptionId = description ? `${baseId}-description` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const deletingName = deleting ? fullNameOf(deleting.guide) : '';

  return (
    <fieldset
      ref={focusRef}
      data-field={name}
      className="flex min-w-0 flex-col gap-3 sm:col-span-2"
      aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-neutral-800">{label}</legend>
      {description && (
        <p id={descriptionId} className="-mt-2 text-xs text-neutral-500">
          {description}
        </p>
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger-700">
          {t('guides.loadFailed')}
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t('guides.retry')}
          </Button>
        </div>
      ) : guides.length === 0 ? (
        <EmptyState
          className="rounded-xl border border-dashed border-neutral-300 py-8"
          icon={<UsersRound size={28} className="text-primary-600" aria-hidden="true" />}
          title={t('guides.empty')}
          text={t('guides.emptyText')}
          action={
            <Button onClick={() => setEditing({ open: true, guide: null })}>
              <Plus size={16} aria-hidden="true" />
              {t('guides.add')}
            </Button>
          }
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {guides.map((guide) => {
              const chosen = ids.includes(guide.id);
              const fullName = fullNameOf(guide);
              const nameId = `${baseId}-guide-${guide.id}`;
              return (
                <li
                  key={guide.id}
                  className={cn(
                    'flex min-w-0 flex-col rounded-xl border transition-colors has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-primary-500/60',
                    chosen ? 'border-primary-400 bg-primary-50/50 ring-1 ring-primary-200' : 'border-neutral-200',
                  )}
                  data-chosen={chosen || undefined}
                >
                  <label className="flex min-w-0 cursor-pointer items-start gap-3 p-3">
                    <input
                      type="checkbox"
                      className="mt-1 size-4 shrink-0 accent-[var(--color-primary-600)] focus-visible:outline-none"
                      checked={chosen}
                      onChange={() => toggle(guide.id)}
                      onBlur={field.onBlur}
                      aria-labelledby={nameId}
                      aria-describedby={`${nameId}-about`}
                    />
                    <span aria-hidden="true">
                      <Avatar name={fullName} src={thumbnailOf(guide.photo?.url)} size={48} />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span id={nameId} className="block truncate font-semibold text-neutral-900">
                        {fullName}
                      </span>
                      <span id={`${nameId}-about`} className="block">
                        <span className="block text-xs text-neutral-500">
                          {guide.tours_count > 0
                            ? t('guides.toursCount', { count: guide.tours_count })
                            : t('guides.notInTours')}
                        </span>
                        {guide.about && (
                          <span className="mt-1 line-clamp-2 text-sm break-words text-neutral-600">{guide.about}</span>
                        )}
                      </span>
                    </span>
                  </label>
                  <div className="mt-auto flex justify-end gap-1 border-t border-neutral-100 px-2 py-1.5">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing({ open: true, guide })}
                      aria-label={t('guides.editGuide', { name: fullName })}
                    >
                      <Pencil size={14} aria-hidden="true" />
                      {t('guides.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger-700"
                      onClick={() => setDeleting({ guide, step: 'confirm' })}
                      aria-label={t('guides.deleteGuide', { name: fullName })}
                    >
                      <Trash2 size={14} aria-hidden="true" />
                      {t('guides.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" size="sm" onClick={() => setEditing({ open: true, guide: null })}>
              <Plus size={15} aria-hidden="true" />
              {t('guides.add')}
            </Button>
            <span className="text-sm text-neutral-500" aria-live="polite">
              {ids.length > 0 && t('guides.chosen', { count: ids.length })}
            </span>
          </div>
        </>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-danger-600">
          {error}
        </p>
      )}
      <GuideFormModal
        organizerId={organizerId}
        guide={editing.guide}
        open={editing.open}
        onOpenChange={(open) => setEditing((s) => ({ ...s, open }))}
        onSaved={(saved, created) => {
          if (created && !ids.includes(saved.id)) setIds([...ids, saved.id]);
        }}
      />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        width="dialog"
        title={deleting?.step === 'force' ? t('guides.inUseTitle') : t('guides.deleteTitle')}
        description={
          deleting?.step === 'force'
            ? t('guides.inUseText', { name: deletingName, count: deleting.count })
            : t('guides.deleteText', { name: deletingName })
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('guides.cancel')}
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => deleting && deleteGuide(deleting)}>
              {deleting?.step === 'force' ? t('guides.confirmForce') : t('guides.confirmDelete')}
            </Button>
          </>
        }
      />
    </fieldset>
  );
}
