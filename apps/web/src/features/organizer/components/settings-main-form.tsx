import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { rules } from '@tourdesk/contract/validation';
import type { Director, LegalEntity, Organizer, TourAuthor } from '@tourdesk/contract/entities/organizer';
import type { Currency } from '@tourdesk/contract/entities/user';
import { FormSection, TextField } from './form-kit';
import { CountryField, CurrencyField, LegalFormField } from './pickers';
import { ImageField, type ImageUploadFunction, type UploadedImageRef } from './image-field';
import { SectionForm } from './section-form';
import { useSectionForm } from './use-section-form';

export interface MainValues {
  name: string;
  description: string;
  country: string | null;
  currency: Currency;
  logo: UploadedImageRef | null;
  legal_entity: LegalEntity;
  director: Director;
  tour_author: Omit<TourAuthor, 'photo' | 'experience_years'> & {
    experience_years: string;
    photo: UploadedImageRef | null;
  };
}

const toValues = (o: Organizer): MainValues => ({
  name: o.name,
  description: o.description,
  country: o.country,
  currency: o.currency,
  logo: o.logo ? { id: 0, url: o.logo } : null,
  legal_entity: { ...o.legal_entity },
  director: { ...o.director },
  tour_author: {
    first_name: o.tour_author.first_name,
    last_name: o.tour_author.last_name,
    about: o.tour_author.about,
    experience_years: o.tour_author.experience_years === null ? '' : String(o.tour_author.experience_years),
    photo: o.tour_author.photo ? { id: o.tour_author.photo.id, url: o.tour_author.photo.url } : null,
  },
});

const toBody = (v: MainValues) => ({
  name: v.name.trim(),
  description: v.description,
  country: v.country || null,
  currency: v.currency,
  // the logo is sent only when it changed (an id of 0 is the stored one, known by URL only)
  ...(v.logo === null ? { logo_id: null } : v.logo.id > 0 ? { logo_id: v.logo.id } : {}),
  legal_entity: v.legal_entity,
  director: v.director,
  tour_author: {
    first_name: v.tour_author.first_name,
    last_name: v.tour_author.last_name,
    about: v.tour_author.about,
    experience_years: v.tour_author.experience_years.trim() === '' ? null : Number(v.tour_author.experience_years),
    photo: v.tour_author.photo ? { id: v.tour_author.photo.id, url: v.tour_author.photo.url, alt: '' } : null,
  },
});

const OWNS = ['name', 'description', 'country', 'currency', 'logo', 'legal_entity', 'director', 'tour_author'] as const;

function LegalEntityFields() {
  const { t } = useTranslation('organizer');
  const form = useFormContext<MainValues>();
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
  const { methods, onSubmit, isSaving } = useSectionForm<MainValues>({
    organizer,
    toValues,
    toBody,
    owns: OWNS,
    aliases: { logo_id: 'logo', 'tour_author.photo': 'tour_author.photo' },
  });
  return (
    <SectionForm methods={methods} onSubmit={onSubmit} isSaving={isSaving} label={t('tabs.main')}>
      <FormSection id="about" title={t('sections.about')} description={t('sections.aboutText')}>
        <TextField
          name="name"
          label={t('fields.name')}
          required
          extraRules={[rules.required()]}
          className="sm:col-span-2"
        />
        <TextField name="description" label={t('fields.description')} multiline rows={4} className="sm:col-span-2" />
        <CountryField name="country" label={t('fields.country')} nullable />
        <CurrencyField name="currency" label={t('fields.currency')} />
        <ImageField name="logo" label={t('fields.logo')} upload={uploadImage} preview="cover" />
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
        <TextField name="tour_author.first_name" label={t('fields.tour_author_first_name')} />
        <TextField name="tour_author.last_name" label={t('fields.tour_author_last_name')} />
        <TextField
          name="tour_author.experience_years"
          label={t('fields.experience_years')}
          inputMode="numeric"
          extraRules={[rules.custom((v) => typeof v !== 'string' || v.trim() === '' || /^\d{1,2}$/.test(v.trim()))]}
        />
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
