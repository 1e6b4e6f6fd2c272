import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { rules } from '@tourdesk/contract/validation';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { FormSection, NumberField, TextField } from '../../../lib/form/fields';
import { pick } from '../../../lib/form/paths';
import { CountryField, CurrencyField, LegalFormField } from './pickers';
import { ImageField, type ImageUploadFunction } from '../../../components/image-field';
import { SectionForm } from '../../../lib/form/section-form';
import { RequirementsSummary } from '../../../lib/form/requirements';
import { TOUR_AUTHOR_FIELDS_FOR_PARTNERS } from '@tourdesk/contract/api/organizer-rules';
import { useSectionForm, type SectionBody } from './use-section-form';

const MAIN_FIELDS = ['name', 'description', 'country', 'currency', 'legal_entity', 'director', 'tour_author'] as const;

/** The Main tab's part of the update body; the logo is sent only when it changed (logo_id). */
export type MainBody = Pick<SectionBody, (typeof MAIN_FIELDS)[number] | 'logo_id'>;

const mainDefaults = (o: Organizer): MainBody => ({ ...pick(o, MAIN_FIELDS), logo_id: undefined });

/** The tab's own input: years as a number of at most two digits. */
const MAIN_FORM_RULES = {
  'tour_author.experience_years': [rules.custom((v) => v === null || (Number.isInteger(v) && Number(v) < 100))],
};

function LegalEntityFields() {
  const { t } = useTranslation('organizer');
  const form = useFormContext<MainBody>();
  const legalForm = form.watch('legal_entity.legal_form');
  const country = form.watch('country');
  const russian = !country || country === 'RU';
  return (
    <>
      <LegalFormField name="legal_entity.legal_form" label={t('fields.legal_form')} />
      <TextField
        name="legal_entity.legal_name"
        label={t('fields.legal_name')}
        placeholder={t('placeholders.legal_name')}
      />
      <TextField name="legal_entity.short_name" label={t('fields.short_name')} />
      <TextField name="legal_entity.inn" label={t('fields.inn')} inputMode="numeric" hint={t('hints.inn')} />
      {legalForm === 'company' && (
        <TextField name="legal_entity.kpp" label={t('fields.kpp')} inputMode="numeric" hint={t('hints.kpp')} />
      )}
      {(legalForm === 'company' || legalForm === 'sole_proprietor') && (
        <TextField name="legal_entity.ogrn" label={t('fields.ogrn')} inputMode="numeric" hint={t('hints.ogrn')} />
      )}
      {!russian && <TextField name="legal_entity.vat_id" label={t('fields.vat_id')} />}
      {!russian && <TextField name="legal_entity.registration_number" label={t('fields.registration_number')} />}
      <TextField
        name="legal_entity.tour_operator_registry_number"
        label={t('fields.tour_operator_registry_number')}
        hint={t('hints.tour_operator_registry_number')}
      />
    </>
  );
}

/** Settings → Main: the provider's card, legal entity, director and tour author. */
export function SettingsMainForm({
  organizer,
  uploadImage,
}: {
  organizer: Organizer;
  uploadImage: ImageUploadFunction;
}) {
  const { t } = useTranslation('organizer');
  const { methods, onSubmit, isSaving } = useSectionForm<MainBody, MainBody>({
    organizer,
    defaults: mainDefaults,
    formRules: MAIN_FORM_RULES,
  });
  return (
    <SectionForm methods={methods} onSubmit={onSubmit} isSaving={isSaving} label={t('tabs.main')}>
      <FormSection id="about" title={t('sections.about')} description={t('sections.aboutText')}>
        <TextField name="name" label={t('fields.name')} required className="sm:col-span-2" />
        <TextField name="description" label={t('fields.description')} multiline rows={4} className="sm:col-span-2" />
        <CountryField name="country" label={t('fields.country')} nullable />
        <CurrencyField name="currency" label={t('fields.currency')} />
        <ImageField
          name="logo_id"
          valueAs="id"
          stored={organizer.logo}
          label={t('fields.logo')}
          upload={uploadImage}
          preview="cover"
        />
      </FormSection>
      <FormSection id="legal-entity" title={t('sections.legalEntity')} description={t('sections.legalEntityText')}>
        <LegalEntityFields />
      </FormSection>
      <FormSection id="director" title={t('sections.director')} description={t('sections.directorText')}>
        <TextField name="director.last_name" label={t('fields.last_name')} autoComplete="off" />
        <TextField name="director.first_name" label={t('fields.first_name')} autoComplete="off" />
        <TextField name="director.middle_name" label={t('fields.middle_name')} autoComplete="off" />
        <TextField name="director.position" label={t('fields.position')} placeholder={t('placeholders.position')} />
        <TextField
          name="director.acts_on_basis_of"
          label={t('fields.acts_on_basis_of')}
          placeholder={t('placeholders.acts_on_basis_of')}
          className="sm:col-span-2"
        />
      </FormSection>
      <FormSection id="tour-author" title={t('sections.tourAuthor')} description={t('sections.tourAuthorText')}>
        <div className="sm:col-span-2">
          <RequirementsSummary
            title={t('tourAuthorNeeds.title')}
            doneText={t('tourAuthorNeeds.done')}
            requirements={TOUR_AUTHOR_FIELDS_FOR_PARTNERS.map((field) => ({
              path: `tour_author.${field}`,
              label: t(`fields.tour_author_${field}`),
            }))}
          />
        </div>
        <TextField name="tour_author.first_name" label={t('fields.tour_author_first_name')} />
        <TextField name="tour_author.last_name" label={t('fields.tour_author_last_name')} />
        <NumberField name="tour_author.experience_years" label={t('fields.experience_years')} />
        <TextField
          name="tour_author.about"
          label={t('fields.tour_author_about')}
          multiline
          rows={5}
          className="sm:col-span-2"
        />
        <ImageField
          name="tour_author.photo"
          label={t('fields.tour_author_photo')}
          upload={uploadImage}
          preview="cover"
        />
      </FormSection>
    </SectionForm>
  );
}
