import { useTranslation } from 'react-i18next';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { FormSection } from '../../../lib/form/fields';
import { SectionForm } from '../../../lib/form/section-form';
import { ImageField, type ImageUploadFunction } from '../../../components/image-field';
import { useSectionForm, type SectionBody } from './use-section-form';

/** The Documents tab's part of the update body: each image id only when it changed. */
export type DocsBody = Pick<SectionBody, 'sign_image_id' | 'stamp_image_id'>;
const docsDefaults = (): DocsBody => ({ sign_image_id: undefined, stamp_image_id: undefined });

/** Settings → Documents: the signature and stamp put on contracts and invoices. */
export function SettingsDocsForm({
  organizer,
  uploadImage,
}: {
  organizer: Organizer;
  uploadImage: ImageUploadFunction;
}) {
  const { t } = useTranslation('organizer');
  const { methods, onSubmit, isSaving } = useSectionForm<DocsBody, DocsBody>({ organizer, defaults: docsDefaults });
  return (
    <SectionForm methods={methods} onSubmit={onSubmit} isSaving={isSaving} label={t('tabs.docs')}>
      <FormSection id="sign" title={t('sections.sign')} description={t('sections.signText')}>
        <ImageField
          name="sign_image_id"
          valueAs="id"
          stored={organizer.sign_image?.url ?? null}
          label={t('fields.sign_image')}
          hint={t('hints.transparentPng')}
          upload={uploadImage}
        />
      </FormSection>
      <FormSection id="stamp" title={t('sections.stamp')} description={t('sections.stampText')}>
        <ImageField
          name="stamp_image_id"
          valueAs="id"
          stored={organizer.stamp_image?.url ?? null}
          label={t('fields.stamp_image')}
          hint={t('hints.transparentPng')}
          upload={uploadImage}
        />
      </FormSection>
    </SectionForm>
  );
}
