import { useEffect, useState } from 'react';
import { FormProvider, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, EmptyState, Field, Input, LoadingState, Modal, Textarea, toast } from '@tourdesk/ui';
import { MapPin, Pencil, Phone, Plus, Trash2 } from 'lucide-react';
import type { MeetDataTemplate } from '@tourdesk/contract/entities/template';
import { MEET_DATA_TEMPLATE_RULES } from '@tourdesk/contract/api/template-rules';
import { useDeleteMeetDataTemplate, useMeetDataTemplates, useSaveMeetDataTemplate } from '../api/meet-data-templates';
import { useApiErrorToast } from '../../../lib/form-errors';
import type { MeetDataTemplateCreateBody } from '@tourdesk/contract/api/template';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { enteredPhones } from '../../../components/phone-number-input';
import { PhoneField } from '../../../lib/form/phone-field';

/** the template's fields (create's body without the organizer, which the page knows) */
type MeetBody = Omit<MeetDataTemplateCreateBody, 'organizer_id'>;
const EMPTY: FormValues<MeetBody> = { name: '', place: '', contact_phone: '', text: '', is_default: false };
const meetBody = enteredPhones<FormValues<MeetBody>>('contact_phone');

function MeetDataModal({
  orgId,
  template,
  open,
  onOpenChange,
}: {
  orgId: number;
  template: MeetDataTemplate | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation('organizer', { keyPrefix: 'meetData' });
  const form = useContractForm<MeetBody>({ defaults: EMPTY, rules: MEET_DATA_TEMPLATE_RULES, prepare: meetBody });
  const { register, control, reset, formState } = form;
  useEffect(() => {
    if (open)
      reset(
        template
          ? {
              name: template.name,
              place: template.place,
              contact_phone: template.contact_phone,
              text: template.text,
              is_default: template.is_default,
            }
          : EMPTY,
      );
  }, [open, template, reset]);
  const save = useSaveMeetDataTemplate({ onSuccess: () => (toast.success(t('saved')), onOpenChange(false)) });
  const onSubmit = form.onSubmit((body) =>
    save.mutate({ organizer_id: orgId, id: template?.id ?? null, ...body }, { onError: form.showServerError }),
  );
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="form"
      title={template ? t('editTitle') : t('newTitle')}
      description={t('formText')}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="meet-data-form" loading={save.isPending}>
            {t('save')}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id="meet-data-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field label={t('name')} error={formState.errors.name?.message} required>
            <Input {...register('name')} />
          </Field>
          <Field label={t('place')} error={formState.errors.place?.message}>
            <Input {...register('place')} />
          </Field>
          <PhoneField name="contact_phone" label={t('phone')} />
          <Field label={t('text')} hint={t('textHint')} error={formState.errors.text?.message}>
            <Textarea rows={5} {...register('text')} />
          </Field>
          <Controller
            control={control}
            name="is_default"
            render={({ field }) => (
              <Checkbox
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                label={t('isDefault')}
              />
            )}
          />
        </form>
      </FormProvider>
    </Modal>
  );
}

/** Meet-data templates: what tourists receive about the meeting point. */
export function MeetDataTemplates({ orgId }: { orgId: number }) {
  const { t } = useTranslation('organizer', { keyPrefix: 'meetData' });
  const toastApiError = useApiErrorToast();
  const list = useMeetDataTemplates(orgId);
  const [editing, setEditing] = useState<{ open: boolean; template: MeetDataTemplate | null }>({
    open: false,
    template: null,
  });
  const [deleting, setDeleting] = useState<MeetDataTemplate | null>(null);
  const remove = useDeleteMeetDataTemplate(orgId, {
    onSuccess: () => (toast.success(t('deleted')), setDeleting(null)),
  });
  const templates = list.data ?? [];
  return (
    <Card className="p-5">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-xl text-sm text-neutral-600">{t('intro')}</p>
        <Button onClick={() => setEditing({ open: true, template: null })}>
          <Plus size={16} aria-hidden="true" />
          {t('new')}
        </Button>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : templates.length === 0 ? (
        <EmptyState
          icon={<MapPin size={28} className="text-primary-600" aria-hidden="true" />}
          title={t('emptyTitle')}
          text={t('emptyText')}
        />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t('listLabel')}>
          {templates.map((tpl) => (
            <li key={tpl.id} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4">
              <div className="flex items-start gap-2">
                <p className="flex-1 font-semibold text-neutral-900">{tpl.name}</p>
                {tpl.is_default && (
                  <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
                    {t('defaultBadge')}
                  </span>
                )}
              </div>
              {tpl.place && (
                <p className="flex items-center gap-1.5 text-sm text-neutral-700">
                  <MapPin size={14} className="text-neutral-400" aria-hidden="true" />
                  {tpl.place}
                </p>
              )}
              {tpl.contact_phone && (
                <p className="flex items-center gap-1.5 text-sm text-neutral-700">
                  <Phone size={14} className="text-neutral-400" aria-hidden="true" />
                  {tpl.contact_phone}
                </p>
              )}
              {tpl.text && <p className="line-clamp-3 text-sm whitespace-pre-line text-neutral-600">{tpl.text}</p>}
              <div className="mt-auto flex gap-2 border-t border-neutral-100 pt-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing({ open: true, template: tpl })}
                  aria-label={t('editNamed', { name: tpl.name })}
                >
                  <Pencil size={14} aria-hidden="true" />
                  {t('edit')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger-700"
                  onClick={() => setDeleting(tpl)}
                  aria-label={t('deleteNamed', { name: tpl.name })}
                >
                  <Trash2 size={14} aria-hidden="true" />
                  {t('delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <MeetDataModal
        orgId={orgId}
        template={editing.template}
        open={editing.open}
        onOpenChange={(open) => setEditing((s) => ({ ...s, open }))}
      />
      <Modal
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        width="dialog"
        title={t('deleteTitle')}
        description={t('deleteText', { name: deleting?.name ?? '' })}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id, { onError: toastApiError })}
            >
              {t('delete')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
