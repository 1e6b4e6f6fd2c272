import { useTranslation } from 'react-i18next';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { FormSection } from './form-kit';
import { ImageField, type ImageUploadFunction, type UploadedImageRef } from './image-field';
import { SectionForm } from './section-form';
import { useSectionForm } from './use-section-form';

export interface DocsValues {
  sign_image: UploadedImageRef | null;
  stamp_image: UploadedImageRef | null;
}

const toValues = (o: Organizer): DocsValues => ({
  sign_image: o.sign_image ? { id: o.sign_image.id, url: o.sign_image.url } : null,
  stamp_image: o.stamp_image ? { id: o.stamp_image.id, url: o.stamp_image.url } : null,
});
const toBody = (v: DocsValues) => ({
  sign_image_id: v.sign_image?.id ?? null,
  stamp_image_id: v.stamp_image?.id ?? null,
});

/** Settings → Documents: the signature and stamp put on contracts and invoices. */
export function SettingsDocsForm({
  organizer,
  uploadImage,
}: {
  organizer: Organizer;
  uploadImage: ImageUploadFunction;
}) {
  const { t } = useTranslation('organizer');
  const { methods, onSubmit, isSaving } = useSectionForm<DocsValues>({
    organizer,
    toValues,
    toBody,
    owns: ['sign_image', 'stamp_image'],
    aliases: { sign_image_id: 'sign_image', stamp_image_id: 'stamp_image' },
  });
  return (
    <SectionForm methods={methods} onSubmit={onSubmit} isSaving={isSaving} label={t('tabs.docs')}>
      <FormSection id="sign" title={t('sections.sign')} description={t('sections.signText')}>
        <ImageField
          name="sign_image"
          label={t('fields.sign_image')}
          hint={t('hints.transparentPng')}
          upload={uploadImage}
        />
      </FormSection>
      <FormSection id="stamp" title={t('sections.stamp')} description={t('sections.stampText')}>
        <ImageField
          name="stamp_image"
          label={t('fields.stamp_image')}
          hint={t('hints.transparentPng')}
          upload={uploadImage}
        />
      </FormSection>
    </SectionForm>
  );
}
