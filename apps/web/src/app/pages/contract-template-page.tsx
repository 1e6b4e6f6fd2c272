import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@tourdesk/ui';
import { PageHeader } from '../../components/coming-soon';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { useOrganizerInfo } from '../../features/organizer/api/get-organizer-info';
import { ContractTemplatesScreen } from '../../features/template/components/contract-templates-screen';
import { MeetDataTemplates } from '../../features/template/components/meet-data-templates';

const join = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

/** /{orgId}/contract-template: contract templates (editor with placeholders and preview) and meet-data templates. */
export function ContractTemplatePage() {
  const { t } = useTranslation('pages');
  const { t: to } = useTranslation('organizer');
  const orgId = Number(useParams().orgId);
  const { data: organizer } = useOrganizerInfo(orgId);
  const [tab, setTab] = useState('contracts');
  // the template form's unsaved edits ask before another template, another tab or another screen takes them away
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  // the preview shows the provider's own details where they are filled in
  const overrides = useMemo(() => {
    if (!organizer) return {};
    const a = organizer.legal_address;
    const values: Record<string, string> = {
      'organizer.name': organizer.name,
      'organizer.legal_name': organizer.legal_entity.legal_name,
      'organizer.inn': organizer.legal_entity.inn,
      'organizer.kpp': organizer.legal_entity.kpp,
      'organizer.ogrn': organizer.legal_entity.ogrn,
      'organizer.legal_address': join(a.post_code, a.country, a.region, a.city, a.street),
      'organizer.director_full_name': join(
        organizer.director.last_name,
        organizer.director.first_name,
        organizer.director.middle_name,
      ).replace(/,/g, ''),
      'organizer.director_position': organizer.director.position,
      'organizer.email': organizer.contacts.email,
      'organizer.phone': organizer.contacts.phone,
    };
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
  }, [organizer]);
  return (
    <section aria-labelledby="page-title">
      <PageHeader title={t('contractTemplates.title')} subtitle={to('templates.subtitle')} />
      <Tabs
        label={to('templates.tabsLabel')}
        items={[
          {
            value: 'contracts',
            label: to('templates.tabContracts'),
            content: (
              <ContractTemplatesScreen
                orgId={orgId}
                sampleOverrides={overrides}
                onDirtyChange={setDirty}
                confirmLeave={guard.confirmLeave}
              />
            ),
          },
          { value: 'meet-data', label: to('templates.tabMeetData'), content: <MeetDataTemplates orgId={orgId} /> },
        ]}
        value={tab}
        onValueChange={(next) => guard.confirmLeave(() => setTab(next))}
      />
      {guard.dialog}
    </section>
  );
}
