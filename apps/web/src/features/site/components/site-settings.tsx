import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer, Input, Tabs, Textarea, Upload, toast } from '@tourdesk/ui';
import type { Site, SitePresetColors } from '@tourdesk/contract/entities/site';
import { DOCUMENT_TYPES, FONT_WEIGHTS, type DocumentType } from '@tourdesk/contract/enum-values';
import { FONT_FILE_EXTENSIONS, type SitePresetType } from '@tourdesk/contract/api/site-routes';
import { useApiErrorToast, fieldMessage } from '../../../lib/form-errors';
import { useFileUpload, useImageUpload } from '../../../lib/upload/use-upload';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { IMAGE_ACCEPT } from '../../../components/image-field';
import {
  useAddFont,
  useChangeDomain,
  useChangePreset,
  useFavicon,
  useFonts,
  usePreset,
  usePresetList,
  useSiteDocument,
  useSitePage,
  useUpdateDocument,
  useUpdateFavicon,
  useUpdateMainPageSetting,
  useUpdatePresetData,
} from '../api/site';
import { DomainCheckText, domainAccepted } from './domain-check-text';
import { PresetPicker } from './preset-picker';
import { useDomainCheck } from './use-domain-check';

const SELECT_CLASS =
  'h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary-500';
const COLOR_KEYS: (keyof SitePresetColors)[] = ['primary', 'on_primary', 'background', 'surface', 'text', 'muted_text'];

/** The site's settings beside its pages: design, domain, favicon, documents and the main page's SEO. */
export function SiteSettings({
  organizerId,
  site,
  open,
  onOpenChange,
}: {
  organizerId: number;
  site: Site;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('site');
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={t('settings.title')} width={560}>
      <Tabs
        label={t('settings.title')}
        defaultValue="design"
        items={[
          { value: 'design', label: t('settings.design'), content: <DesignPanel organizerId={organizerId} /> },
          {
            value: 'domain',
            label: t('settings.domain'),
            content: <DomainPanel organizerId={organizerId} site={site} />,
          },
          { value: 'favicon', label: t('settings.favicon'), content: <FaviconPanel organizerId={organizerId} /> },
          { value: 'documents', label: t('settings.documents'), content: <DocumentsPanel organizerId={organizerId} /> },
          { value: 'seo', label: t('settings.seo'), content: <SeoPanel organizerId={organizerId} /> },
        ]}
      />
    </Drawer>
  );
}

function DesignPanel({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('site');
  const id = useId();
  const toastError = useApiErrorToast();
  const presets = usePresetList(organizerId);
  const preset = usePreset(organizerId);
  const fonts = useFonts(organizerId);
  const change = useChangePreset(organizerId);
  const update = useUpdatePresetData(organizerId);
  const addFont = useAddFont(organizerId);
  const uploadFont = useFileUpload(organizerId, true);
  const [fontName, setFontName] = useState('');
  const [fontFile, setFontFile] = useState<number | null>(null);
  const [fontWeight, setFontWeight] = useState(400);
  if (!preset.data) return null;
  const current = preset.data;
  const patch = (body: Parameters<typeof update.mutate>[0]) =>
    update.mutate(body, { onSuccess: () => toast.success(t('settings.saved')), onError: toastError });
  return (
    <div className="flex flex-col gap-6 pt-4">
      <section aria-labelledby={`${id}-presets`}>
        <h3 id={`${id}-presets`} className="mb-2 text-sm font-semibold">
          {t('design.presets')}
        </h3>
        <PresetPicker
          presets={presets.data ?? []}
          value={current.preset_type}
          label={t('design.presets')}
          disabled={change.isPending}
          onChange={(type) => change.mutate({ preset_type: type as SitePresetType }, { onError: toastError })}
        />
      </section>
      <section aria-labelledby={`${id}-colors`}>
        <h3 id={`${id}-colors`} className="mb-2 text-sm font-semibold">
          {t('design.colors')}
        </h3>
        <div className="grid grid-cols-2 gap-3">
          {COLOR_KEYS.map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="color"
                value={current.colors[key]}
                onChange={(e) => patch({ colors: { [key]: e.target.value } })}
                className="h-8 w-10 cursor-pointer rounded border border-neutral-300"
              />
              {t(`design.color.${key}`)}
            </label>
          ))}
        </div>
      </section>
      <section aria-labelledby={`${id}-fonts`} className="flex flex-col gap-3">
        <h3 id={`${id}-fonts`} className="text-sm font-semibold">
          {t('design.fonts')}
        </h3>
        {(['heading_font_id', 'body_font_id'] as const).map((key) => (
          <label key={key} className="flex flex-col gap-1 text-sm font-medium">
            {t(`design.${key}`)}
            <select
              className={SELECT_CLASS}
              value={current[key]}
              onChange={(e) => patch({ [key]: Number(e.target.value) })}
            >
              {(fonts.data ?? []).map((font) => (
                <option key={font.id} value={font.id}>
                  {font.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <fieldset className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3">
          <legend className="px-1 text-sm font-medium">{t('design.addFont')}</legend>
          <Input
            aria-label={t('design.fontName')}
            placeholder={t('design.fontName')}
            value={fontName}
            maxLength={60}
            onChange={(e) => setFontName(e.target.value)}
          />
          <select
            aria-label={t('design.fontWeight')}
            className={SELECT_CLASS}
            value={fontWeight}
            onChange={(e) => setFontWeight(Number(e.target.value))}
          >
            {FONT_WEIGHTS.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
          <Upload
            upload={uploadFont}
            accept={FONT_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
            label={t('design.fontFile')}
            onUploaded={(file) => setFontFile(file.id)}
          />
          <Button
            size="sm"
            className="self-start"
            disabled={!fontName.trim() || fontFile === null}
            loading={addFont.isPending}
            onClick={() =>
              addFont.mutate(
                {
                  name: fontName.trim(),
                  files: [{ weight: fontWeight as (typeof FONT_WEIGHTS)[number], file_id: fontFile! }],
                },
                {
                  onSuccess: () => {
                    setFontName('');
                    setFontFile(null);
                    toast.success(t('design.fontAdded'));
                  },
                  onError: toastError,
                },
              )
            }
          >
            {t('design.addFont')}
          </Button>
        </fieldset>
      </section>
    </div>
  );
}

function DomainPanel({ organizerId, site }: { organizerId: number; site: Site }) {
  const { t } = useTranslation('site');
  const id = useId();
  const toastError = useApiErrorToast();
  const [isCustom, setIsCustom] = useState(site.is_custom_domain);
  const [domain, setDomain] = useState(site.is_custom_domain ? (site.custom_domain ?? '') : site.subdomain);
  const check = useDomainCheck(organizerId, domain, isCustom);
  const change = useChangeDomain(organizerId);
  const unchanged = isCustom ? domain === site.custom_domain && site.is_custom_domain : domain === site.subdomain;
  return (
    <form
      className="flex flex-col gap-4 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(
          { domain: domain.trim().toLowerCase(), is_custom: isCustom },
          { onSuccess: () => toast.success(t('settings.saved')), onError: toastError },
        );
      }}
    >
      <p className="text-sm text-neutral-600">
        {t('domain.current')} <strong>{site.domain}</strong>
      </p>
      <div role="radiogroup" aria-label={t('domain.kind')} className="flex gap-4 text-sm">
        {[false, true].map((custom) => (
          <label key={String(custom)} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={isCustom === custom}
              onChange={() => {
                setIsCustom(custom);
                setDomain(custom ? (site.custom_domain ?? '') : site.subdomain);
              }}
            />
            {t(custom ? 'domain.custom' : 'domain.subdomain')}
          </label>
        ))}
      </div>
      <div>
        <label htmlFor={`${id}-domain`} className="mb-1 block text-sm font-medium">
          {t(isCustom ? 'domain.custom' : 'domain.subdomain')}
        </label>
        <Input
          id={`${id}-domain`}
          value={domain}
          spellCheck={false}
          aria-describedby={`${id}-check`}
          invalid={check.status === 'invalid' || Boolean(change.error)}
          onChange={(e) => setDomain(e.target.value.toLowerCase())}
        />
        {!unchanged && <DomainCheckText id={`${id}-check`} state={check} isCustom={isCustom} />}
        {change.error && fieldMessage(change.error, 'domain', t) && (
          <p role="alert" className="text-sm text-danger-600">
            {fieldMessage(change.error, 'domain', t)}
          </p>
        )}
      </div>
      {isCustom && check.status === 'done' && (
        <p className="rounded-lg bg-neutral-50 p-3 text-sm">
          {t('domain.cname', { domain: check.result.domain, target: check.result.cname_target })}
        </p>
      )}
      <Button
        type="submit"
        className="self-start"
        loading={change.isPending}
        disabled={unchanged || !domainAccepted(check)}
      >
        {t('domain.save')}
      </Button>
    </form>
  );
}

function FaviconPanel({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('site');
  const toastError = useApiErrorToast();
  const favicon = useFavicon(organizerId);
  const update = useUpdateFavicon(organizerId);
  const upload = useImageUpload(organizerId);
  return (
    <div className="flex flex-col gap-4 pt-4">
      <div className="flex items-center gap-3">
        {favicon.data && (
          <img src={favicon.data.url} alt={t('favicon.current')} className="h-8 w-8 rounded ring-1 ring-neutral-200" />
        )}
        <p className="text-sm text-neutral-600">{t('favicon.hint')}</p>
      </div>
      <Upload
        upload={upload}
        accept={IMAGE_ACCEPT}
        clearOnSuccess
        label={t('favicon.upload')}
        onUploaded={(image) =>
          update.mutate(image.id, { onSuccess: () => toast.success(t('settings.saved')), onError: toastError })
        }
      />
      {favicon.data?.image && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => update.mutate(null, { onError: toastError })}
        >
          {t('favicon.reset')}
        </Button>
      )}
    </div>
  );
}

function DocumentsPanel({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('site');
  const [type, setType] = useState<DocumentType>('agreement');
  return (
    <div className="flex flex-col gap-3 pt-4">
      <div role="radiogroup" aria-label={t('documents.kind')} className="flex gap-4 text-sm">
        {DOCUMENT_TYPES.map((doc) => (
          <label key={doc} className="flex items-center gap-2">
            <input type="radio" name="site-document" checked={type === doc} onChange={() => setType(doc)} />
            {t(`documents.${doc}`)}
          </label>
        ))}
      </div>
      <DocumentEditor key={type} organizerId={organizerId} type={type} />
    </div>
  );
}

function DocumentEditor({ organizerId, type }: { organizerId: number; type: DocumentType }) {
  const { t } = useTranslation('site');
  const toastError = useApiErrorToast();
  const document = useSiteDocument(organizerId, type);
  const update = useUpdateDocument(organizerId);
  const [content, setContent] = useState<string | null>(null);
  if (!document.data) return null;
  const value = content ?? document.data.content;
  return (
    <>
      <div className="rounded-lg border border-neutral-300 bg-white">
        <RichTextEditor value={value} onChange={setContent} label={t(`documents.${type}`)} />
      </div>
      <Button
        className="self-start"
        loading={update.isPending}
        disabled={content === null || content === document.data.content}
        onClick={() =>
          update.mutate(
            { type, content: value },
            {
              onSuccess: () => {
                setContent(null);
                toast.success(t('settings.saved'));
              },
              onError: toastError,
            },
          )
        }
      >
        {t('documents.save')}
      </Button>
    </>
  );
}

function SeoPanel({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('site');
  const id = useId();
  const toastError = useApiErrorToast();
  const page = useSitePage(organizerId, 'main');
  const update = useUpdateMainPageSetting(organizerId);
  const upload = useImageUpload(organizerId);
  const [edit, setEdit] = useState<{
    title: string;
    meta_description: string;
    og_image: { id: number; url: string } | null;
  } | null>(null);
  if (!page.data) return null;
  const values = edit ?? {
    title: page.data.settings.title,
    meta_description: page.data.settings.meta_description,
    og_image: page.data.settings.og_image,
  };
  const errorOf = (field: string) => fieldMessage(update.error, field, t);
  return (
    <form
      className="flex flex-col gap-4 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { title: values.title, meta_description: values.meta_description, og_image_id: values.og_image?.id ?? null },
          {
            onSuccess: () => {
              setEdit(null);
              toast.success(t('settings.saved'));
            },
            onError: (error) => !errorOf('title') && !errorOf('meta_description') && toastError(error),
          },
        );
      }}
    >
      <div>
        <label htmlFor={`${id}-title`} className="mb-1 block text-sm font-medium">
          {t('seo.title')}
        </label>
        <Input
          id={`${id}-title`}
          value={values.title}
          maxLength={70}
          onChange={(e) => setEdit({ ...values, title: e.target.value })}
          invalid={Boolean(errorOf('title'))}
        />
        {errorOf('title') && (
          <p role="alert" className="text-sm text-danger-600">
            {errorOf('title')}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium">
          {t('seo.description')}
        </label>
        <Textarea
          id={`${id}-description`}
          value={values.meta_description}
          maxLength={200}
          rows={3}
          onChange={(e) => setEdit({ ...values, meta_description: e.target.value })}
          invalid={Boolean(errorOf('meta_description'))}
        />
        {errorOf('meta_description') && (
          <p role="alert" className="text-sm text-danger-600">
            {errorOf('meta_description')}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">{t('seo.image')}</p>
        {values.og_image && (
          <img
            src={values.og_image.url}
            alt={t('seo.image')}
            className="h-24 w-44 rounded-md object-cover ring-1 ring-neutral-200"
          />
        )}
        <Upload
          upload={upload}
          accept={IMAGE_ACCEPT}
          clearOnSuccess
          label={t('media.upload')}
          onUploaded={(image) => setEdit({ ...values, og_image: image })}
        />
      </div>
      <Button type="submit" className="self-start" loading={update.isPending} disabled={edit === null}>
        {t('seo.save')}
      </Button>
    </form>
  );
}
