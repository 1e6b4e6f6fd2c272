import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, EmptyState, Field, Input, LoadingState, Modal, Select, cn, toast } from '@tourdesk/ui';
import { Eye, FilePlus2, FileText, Sparkles, Trash2 } from 'lucide-react';
import type { ContractTemplateType } from '@tourdesk/contract/enums';
import { CONTRACT_TEMPLATE_TYPES } from '@tourdesk/contract/enum-values';
import type { ContractTemplate } from '@tourdesk/contract/entities/template';
import { apiErrorText, useApiErrorToast } from '../../../lib/form-errors';
import type { ContractTemplateCreateBody } from '@tourdesk/contract/api/template';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { CONTRACT_TEMPLATE_RULES } from '@tourdesk/contract/api/template-rules';
import {
  useContractTemplate,
  useContractTemplates,
  useDefaultTemplateTypes,
  useDeleteContractTemplate,
  useFetchDefaultTemplate,
  useSaveContractTemplate,
} from '../api/contract-templates';
import { SAMPLE_VALUES } from './sample-values';
import { TemplateEditor, TemplatePreview } from './template-editor';
import { QueryErrorState } from '../../../components/query-error-state';

/** The form's part of the template (its content is the editor's, saved with it). */
type TemplateBody = Pick<ContractTemplateCreateBody, 'name' | 'type' | 'is_default'>;

function TemplateForm({
  orgId,
  template,
  onSaved,
  onDeleted,
  onDirtyChange,
  sampleOverrides,
}: {
  orgId: number;
  template: ContractTemplate | null;
  onSaved: (t: ContractTemplate) => void;
  onDeleted: () => void;
  /** whether the form holds edits not saved yet (the screen asks before they are left) */
  onDirtyChange: (dirty: boolean) => void;
  sampleOverrides: Record<string, string>;
}) {
  const { t, i18n } = useTranslation('organizer', { keyPrefix: 'templates' });
  const { t: tc } = useTranslation();
  const toastApiError = useApiErrorToast();
  const language = i18n.language === 'ru' ? 'ru' : 'en';
  const types = useDefaultTemplateTypes(i18n.language);
  const fetchDefault = useFetchDefaultTemplate(orgId, i18n.language);
  const form = useContractForm<TemplateBody>({
    defaults: {
      name: template?.name ?? '',
      type: template?.type ?? 'contract',
      is_default: template?.is_default ?? false,
    },
    rules: CONTRACT_TEMPLATE_RULES,
  });
  const { register, control, getValues, setValue, reset, formState } = form;
  const [content, setContent] = useState(template?.content ?? '');
  const [contentKey, setContentKey] = useState(0);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmReplace, setConfirmReplace] = useState(false);
  // what was last saved (or loaded): edits since then are unsaved
  const [savedContent, setSavedContent] = useState(template?.content ?? '');
  const dirty = formState.isDirty || content !== savedContent;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // saved or deleted: nothing of it is unsaved any more (the form goes or is made anew)
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  const save = useSaveContractTemplate({ onSuccess: (saved) => (toast.success(t('saved')), onSaved(saved)) });
  const remove = useDeleteContractTemplate(orgId, { onSuccess: () => (toast.success(t('deleted')), onDeleted()) });

  const typeOptions = CONTRACT_TEMPLATE_TYPES.map((type) => ({
    value: type,
    text: types.data?.find((x) => x.type === type)?.name ?? t(`types.${type}`),
  }));

  const applyStandardText = async () => {
    const type = getValues('type');
    try {
      const shipped = await fetchDefault(type);
      setContent(shipped.content);
      if (getValues('name').trim() === '') setValue('name', shipped.name, { shouldDirty: true });
      setContentKey((k) => k + 1);
    } catch (error) {
      toast.error(apiErrorText(error, tc));
    }
  };

  const onSubmit = form.onSubmit((v) =>
    save.mutate(
      { organizer_id: orgId, id: template?.id ?? null, ...v, content },
      {
        // what was sent is what is saved now: the form starts over from it
        onSuccess: (saved) => {
          reset({ name: saved.name, type: saved.type, is_default: saved.is_default });
          setSavedContent(content);
        },
        onError: form.showServerError,
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={template ? t('editLabel', { name: template.name }) : t('newTitle')}
      className="flex flex-col gap-4"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <Field label={t('name')} error={formState.errors.name?.message} required>
          <Input invalid={Boolean(formState.errors.name)} {...register('name')} />
        </Field>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Field label={t('type')}>
              <Select options={typeOptions} value={field.value} onChange={(v) => field.onChange(v ?? 'contract')} />
            </Field>
          )}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
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
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="ms-auto"
          onClick={() => (hasText(content) ? setConfirmReplace(true) : void applyStandardText())}
        >
          <Sparkles size={15} aria-hidden="true" />
          {t('useDefault')}
        </Button>
      </div>
      <TemplateEditor
        label={t('content')}
        content={content}
        resetKey={`${template?.id ?? 'new'}-${contentKey}`}
        onChange={setContent}
      />
      <div className="flex flex-wrap items-center gap-2">
        {template && (
          <Button type="button" variant="ghost" className="text-danger-700" onClick={() => setConfirmDelete(true)}>
            <Trash2 size={15} aria-hidden="true" />
            {t('delete')}
          </Button>
        )}
        <Button type="button" variant="outline" className="ms-auto" onClick={() => setPreviewOpen(true)}>
          <Eye size={15} aria-hidden="true" />
          {t('preview')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </div>
      <Modal
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        width="viewer"
        title={t('previewTitle')}
        description={t('previewText')}
      >
        {previewOpen && <TemplatePreview html={content} values={{ ...SAMPLE_VALUES[language], ...sampleOverrides }} />}
      </Modal>
      {/* what the provider wrote is not thrown away on one click (the editor cannot undo a replacement) */}
      <Modal
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        width="dialog"
        title={t('replaceTitle')}
        description={t('replaceText')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmReplace(false)}>
              {t('cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirmReplace(false);
                void applyStandardText();
              }}
            >
              {t('replace')}
            </Button>
          </>
        }
      />
      <Modal
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        width="dialog"
        title={t('deleteTitle')}
        description={t('deleteText', { name: template?.name ?? '' })}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => template && remove.mutate(template.id, { onError: toastApiError })}
            >
              {t('delete')}
            </Button>
          </>
        }
      />
    </form>
  );
}

/** Whether an editor's HTML holds any text or placeholder (an empty editor is `<p></p>`). */
const hasText = (html: string): boolean =>
  /data-type="placeholder"/.test(html) ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

/**
 * Contract templates: the list, and the editor of the chosen or a new template. The page owns
 * the unsaved-changes guard (one per screen: its tabs ask too): the screen reports whether the
 * form holds unsaved edits and asks `confirmLeave` before another template replaces it.
 */
export function ContractTemplatesScreen({
  orgId,
  sampleOverrides = {},
  onDirtyChange,
  confirmLeave,
}: {
  orgId: number;
  sampleOverrides?: Record<string, string>;
  onDirtyChange: (dirty: boolean) => void;
  confirmLeave: (proceed: () => void) => void;
}) {
  const { t, i18n } = useTranslation('organizer', { keyPrefix: 'templates' });
  const list = useContractTemplates(orgId);
  const types = useDefaultTemplateTypes(i18n.language);
  const [chosen, setChosen] = useState<number | 'new' | null>(null);
  // another template (or a new one) replaces the form: unsaved edits ask first (after a save or
  // a delete the form reports itself clean, see TemplateForm)
  const choose = (next: number | 'new') => next !== selected && confirmLeave(() => setChosen(next));
  const templates = list.data ?? [];
  // the first template is open until another is chosen
  const selected = chosen ?? templates[0]?.id ?? null;
  const detail = useContractTemplate(typeof selected === 'number' ? selected : null);

  const typeName = (type: ContractTemplateType) => types.data?.find((x) => x.type === type)?.name ?? t(`types.${type}`);

  return (
    // minmax(0, 1fr): a long template name or type truncates instead of widening the page
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <Card className="flex min-w-0 flex-col gap-2 self-start p-3">
        <Button onClick={() => choose('new')} className="mb-1">
          <FilePlus2 size={16} aria-hidden="true" />
          {t('new')}
        </Button>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <QueryErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : templates.length === 0 ? (
          <p className="px-2 py-3 text-sm text-neutral-500">{t('empty')}</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label={t('listLabel')}>
            {templates.map((tpl) => (
              <li key={tpl.id}>
                <button
                  type="button"
                  aria-current={selected === tpl.id ? 'true' : undefined}
                  onClick={() => choose(tpl.id)}
                  className={cn(
                    'flex w-full items-start gap-2 rounded-lg px-2.5 py-2 text-left focus-visible:outline-2 focus-visible:outline-primary-500',
                    selected === tpl.id ? 'bg-primary-50 ring-1 ring-primary-200' : 'hover:bg-neutral-100',
                  )}
                >
                  <FileText size={16} className="mt-0.5 shrink-0 text-neutral-400" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-neutral-900">{tpl.name}</span>
                    <span className="block truncate text-xs text-neutral-500">
                      {typeName(tpl.type)}
                      {tpl.is_default ? ` · ${t('defaultBadge')}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="min-w-0 p-5">
        {selected === null ? (
          <EmptyState
            icon={<FileText size={28} className="text-primary-600" aria-hidden="true" />}
            title={t('emptyTitle')}
            text={t('emptyText')}
          />
        ) : selected === 'new' ? (
          <TemplateForm
            key="new"
            orgId={orgId}
            template={null}
            sampleOverrides={sampleOverrides}
            onSaved={(tpl) => setChosen(tpl.id)}
            onDeleted={() => setChosen(null)}
            onDirtyChange={onDirtyChange}
          />
        ) : detail.data ? (
          <TemplateForm
            key={detail.data.id}
            orgId={orgId}
            template={detail.data}
            sampleOverrides={sampleOverrides}
            onSaved={(tpl) => setChosen(tpl.id)}
            onDeleted={() => setChosen(null)}
            onDirtyChange={onDirtyChange}
          />
        ) : (
          <LoadingState />
        )}
      </Card>
    </div>
  );
}
