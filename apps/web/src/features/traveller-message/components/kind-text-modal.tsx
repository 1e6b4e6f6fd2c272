import { useRef, useState } from 'react';
import { FormProvider, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, Modal, Spinner, Tabs, Textarea, toast } from '@tourdesk/ui';
import { Eye, EyeOff, RotateCcw } from 'lucide-react';
import type {
  TravellerMessageKindSettings,
  TravellerMessageSettings,
  TravellerMessageText,
} from '@tourdesk/contract/api/traveller-message';
import {
  TRAVELLER_MESSAGE_TEXT_RULES,
  type TravellerMessageKind,
} from '@tourdesk/contract/api/traveller-message-routes';
import { LANGUAGES } from '@tourdesk/contract/entities/user-values';
import type { Language } from '@tourdesk/contract/entities/user';
import type { FieldRuleMap } from '@tourdesk/contract/validation';
import { ApiError, isApiError } from '../../../lib/api/api-error';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { EmailFrame } from '../../../components/email-frame';
import { useUpdateTravellerMessageSettings } from '../api/traveller-message-settings';
import { useTravellerMessagePreview } from '../api/traveller-message-preview';

/** The dialog's values: one kind's subject and body in each language, as the update body carries them. */
export interface KindTexts {
  texts: Record<Language, TravellerMessageText>;
}
type TextField = keyof TravellerMessageText;

/** The contract's rules of a text, for each language's fields. */
const TEXT_RULES: FieldRuleMap = Object.fromEntries(
  LANGUAGES.flatMap((lang) =>
    (Object.keys(TRAVELLER_MESSAGE_TEXT_RULES) as TextField[]).map((field) => [
      `texts.${lang}.${field}`,
      TRAVELLER_MESSAGE_TEXT_RULES[field],
    ]),
  ),
);

/** What the fields start from: the organizer's own text, else the shipped one to edit. */
const startingTexts = (kind: TravellerMessageKindSettings): KindTexts => ({
  texts: {
    en: kind.texts.en ?? kind.default_texts.en,
    ru: kind.texts.ru ?? kind.default_texts.ru,
  },
});

const sameText = (a: TravellerMessageText, b: TravellerMessageText) =>
  a.subject.trim() === b.subject.trim() && a.body.trim() === b.body.trim();

/** A language's text as update-settings takes it: null when it is the shipped text (it then follows it). */
export const textToSave = (text: TravellerMessageText, standard: TravellerMessageText): TravellerMessageText | null =>
  sameText(text, standard) ? null : { subject: text.subject.trim(), body: text.body.trim() };

/** `{organizer.name}` whether the server names the placeholder with its braces or without. */
export const placeholderToken = (key: string): string => (key.startsWith('{') ? key : `{${key}}`);

/** A 422 of update-settings on `kinds.N.texts.en.subject` lands on the dialog's `texts.en.subject`. */
const onDialogPaths = (error: unknown): unknown =>
  isApiError(error)
    ? new ApiError(
        error.status,
        error.message,
        Object.fromEntries(
          Object.entries(error.fieldErrors).map(([path, m]) => [path.replace(/^kinds\.\d+\./, ''), m]),
        ),
        error.body,
        error.coded,
      )
    : error;

function KindPreview({
  organizerId,
  kind,
  lang,
  dirty,
}: {
  organizerId: number;
  kind: TravellerMessageKind;
  lang: Language;
  dirty: boolean;
}) {
  const { t } = useTranslation('messages');
  const preview = useTravellerMessagePreview(organizerId, kind, lang);
  const name = t(`kinds.${kind}.name`);
  return (
    <section
      aria-label={t('editor.previewTitle', { name, language: t(`languages.${lang}`) })}
      className="mt-4 flex flex-col gap-2"
    >
      {dirty && <p className="text-sm text-warning-800">{t('editor.previewSaved')}</p>}
      {preview.isPending ? (
        <Spinner size={20} className="text-primary-600" />
      ) : preview.isError ? (
        <p className="text-sm text-neutral-600" role="alert">
          {t('editor.previewFailed')}{' '}
          <button
            type="button"
            className="font-medium text-primary-700 underline-offset-2 hover:underline"
            onClick={() => void preview.refetch()}
          >
            {t('editor.retry')}
          </button>
        </p>
      ) : (
        <>
          <p className="text-sm font-medium break-words text-neutral-900">
            {t('editor.previewSubject', { subject: preview.data.subject })}
          </p>
          <EmailFrame
            html={preview.data.html}
            title={t('editor.previewTitle', { name, language: t(`languages.${lang}`) })}
          />
        </>
      )}
    </section>
  );
}

/**
 * One kind's text per language (en and ru tabs): subject and body with the contract's rules,
 * the placeholders to insert at the cursor, "Use the standard text", and the preview of what is
 * saved. A language whose text is the shipped one is saved as null, so it follows the shipped text.
 * Each opening mounts it afresh (its caller keys it), so it starts from what is stored.
 */
export function KindTextModal({
  settings,
  kind,
  open,
  onOpenChange,
}: {
  settings: TravellerMessageSettings;
  kind: TravellerMessageKindSettings;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('messages');
  const name = t(`kinds.${kind.kind}.name`);
  const form = useContractForm<KindTexts>({ defaults: startingTexts(kind), rules: TEXT_RULES });
  const { register, formState, setValue, getValues, watch, handleSubmit } = form;
  const [lang, setLang] = useState<Language>(settings.default_language);
  const [previewing, setPreviewing] = useState(false);
  // the field the cursor was last in, per language: a placeholder goes there
  const fields = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const lastField = useRef<Record<Language, TextField>>({ en: 'body', ru: 'body' });

  const update = useUpdateTravellerMessageSettings({
    onSuccess: () => {
      toast.success(t('settings.saved'));
      onOpenChange(false);
    },
  });

  const firstWithErrors = (errors: FieldErrors<KindTexts>): Language | undefined =>
    LANGUAGES.find((l) => errors.texts?.[l]);
  const onSubmit = handleSubmit(
    (values) =>
      update.mutate(
        {
          organizer_id: settings.organizer_id,
          kinds: [
            {
              kind: kind.kind,
              enabled: kind.enabled,
              texts: {
                en: textToSave(values.texts.en, kind.default_texts.en),
                ru: textToSave(values.texts.ru, kind.default_texts.ru),
              },
            },
          ],
        },
        {
          onError: (error) => {
            form.showServerError(onDialogPaths(error));
            const wrong = LANGUAGES.find((l) => form.getFieldState(`texts.${l}`).invalid);
            if (wrong) setLang(wrong);
          },
        },
      ),
    (errors) => {
      const wrong = firstWithErrors(errors);
      if (wrong && !errors.texts?.[lang]) setLang(wrong);
    },
  );

  const insert = (language: Language, token: string) => {
    const field = lastField.current[language];
    const path = `texts.${language}.${field}` as const;
    const element = fields.current.get(path);
    const value = getValues(path);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    setValue(path, `${value.slice(0, start)}${token}${value.slice(end)}`, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
    // back into the field, the cursor after the placeholder
    requestAnimationFrame(() => {
      const el = fields.current.get(path);
      if (!el) return;
      el.focus();
      el.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const panel = (language: Language) => {
    const errors = formState.errors.texts?.[language];
    const subject = register(`texts.${language}.subject`);
    const body = register(`texts.${language}.body`);
    const current = watch(`texts.${language}`);
    const isStandard = sameText(current, kind.default_texts[language]);
    const track = (field: TextField) => (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      const path = `texts.${language}.${field}`;
      if (el) fields.current.set(path, el);
      else fields.current.delete(path);
    };
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-neutral-600" aria-live="polite">
            {isStandard ? t('editor.isStandard') : t('editor.isOwn')}
          </p>
          <Button
            variant="ghost"
            size="sm"
            disabled={isStandard}
            onClick={() => {
              setValue(
                `texts.${language}`,
                { ...kind.default_texts[language] },
                { shouldDirty: true, shouldValidate: formState.isSubmitted },
              );
            }}
          >
            <RotateCcw size={14} aria-hidden="true" />
            {t('editor.useStandard')}
          </Button>
        </div>
        <Field label={t('editor.subject')} error={errors?.subject?.message} required>
          <Input
            {...subject}
            ref={(el) => {
              subject.ref(el);
              track('subject')(el);
            }}
            onFocus={() => (lastField.current[language] = 'subject')}
            invalid={Boolean(errors?.subject)}
          />
        </Field>
        <Field label={t('editor.body')} hint={t('editor.bodyHint')} error={errors?.body?.message} required>
          <Textarea
            rows={9}
            {...body}
            ref={(el) => {
              body.ref(el);
              track('body')(el);
            }}
            onFocus={() => (lastField.current[language] = 'body')}
            invalid={Boolean(errors?.body)}
          />
        </Field>
        {settings.placeholders.length > 0 && (
          <div role="group" aria-labelledby={`placeholders-${language}`} className="flex flex-col gap-2">
            <div>
              <p id={`placeholders-${language}`} className="text-sm font-medium text-neutral-800">
                {t('editor.placeholders')}
              </p>
              <p className="text-xs text-neutral-500">{t('editor.placeholdersHint')}</p>
            </div>
            <ul className="flex max-h-32 flex-wrap gap-1.5 overflow-y-auto rounded-lg border border-neutral-200 p-2">
              {settings.placeholders.map((p) => {
                const token = placeholderToken(p.key);
                return (
                  <li key={p.key}>
                    <button
                      type="button"
                      title={p.label}
                      aria-label={t('editor.insertPlaceholder', { key: token, label: p.label })}
                      // keeps the cursor where it was in the field
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => insert(language, token)}
                      className="rounded-md border border-primary-200 bg-primary-50 px-2 py-1 font-mono text-xs text-primary-800 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-500"
                    >
                      {token}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        <div>
          <Button variant="outline" size="sm" aria-expanded={previewing} onClick={() => setPreviewing((p) => !p)}>
            {previewing ? <EyeOff size={14} aria-hidden="true" /> : <Eye size={14} aria-hidden="true" />}
            {previewing ? t('editor.hidePreview') : t('editor.preview')}
          </Button>
          {previewing && (
            <KindPreview
              organizerId={settings.organizer_id}
              kind={kind.kind}
              lang={language}
              dirty={Boolean(formState.dirtyFields.texts?.[language])}
            />
          )}
        </div>
      </div>
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="largeForm"
      title={t('editor.title', { name })}
      description={t('editor.description')}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" form="kind-text-form" loading={update.isPending}>
            {t('editor.save')}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id="kind-text-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Tabs
            label={t('editor.languagesLabel')}
            value={lang}
            onValueChange={(v) => setLang(v as Language)}
            items={LANGUAGES.map((language) => {
              const label = t(`languages.${language}`);
              const wrong = Boolean(formState.errors.texts?.[language]);
              return {
                value: language,
                label: wrong ? (
                  <span className="inline-flex items-center gap-1.5">
                    {label}
                    <span className="size-2 rounded-full bg-danger-600" aria-hidden="true" />
                    <span className="sr-only"> {t('editor.hasErrors')}</span>
                  </span>
                ) : (
                  label
                ),
                content: panel(language),
              };
            })}
          />
        </form>
      </FormProvider>
    </Modal>
  );
}
