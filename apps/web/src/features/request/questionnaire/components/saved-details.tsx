import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@tourdesk/ui';
import { CheckCircle2 } from 'lucide-react';
import type { QuestionnaireSavedTourist } from '@tourdesk/contract/api/request-tourist';
import { formatDay } from '../dates';

/**
 * The success state: what the tourist just sent, from the save's own answer. It lives only in this
 * page's state, so it is gone on reload and never shown to anyone else opening the link.
 */
export function SavedDetails({ saved, onBack }: { saved: QuestionnaireSavedTourist; onBack: () => void }) {
  const { t, i18n } = useTranslation('questionnaire');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const field = (key: string) => t(`tourist.${key}`, { ns: 'common' });
  const names: [string, string][] = [
    [field('lastName'), saved.last_name],
    [field('firstName'), saved.first_name],
    [field('middleName'), saved.middle_name],
  ];
  // the names in the order the form asks them (TouristFields, lib/person-name)
  const rows: [string, string][] = [
    ...(i18n.language.startsWith('ru') ? names : [names[1]!, names[2]!, names[0]!]),
    [field('birthday'), saved.birthday ? formatDay(saved.birthday, i18n.language) : ''],
    [field('passport'), saved.passport],
    [field('email'), saved.email],
    [field('phone'), saved.phone],
    [field('food'), saved.food_restriction],
  ];
  return (
    <section aria-labelledby="questionnaire-done" className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-success-50 text-success-600">
          <CheckCircle2 size={28} aria-hidden="true" />
        </span>
        <h2
          id="questionnaire-done"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-neutral-900 focus:outline-none"
        >
          {t('done.title', { name: saved.first_name })}
        </h2>
        <p className="text-sm text-neutral-600">{t('done.text')}</p>
      </div>
      <div className="rounded-xl border border-neutral-200 p-3">
        <h3 className="mb-2 text-sm font-medium text-neutral-800">{t('done.summary')}</h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-500">{label}</dt>
              <dd className="break-words whitespace-pre-line text-neutral-900">{value || t('done.notGiven')}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Button onClick={onBack} variant="secondary" block>
        {t('done.backToList')}
      </Button>
    </section>
  );
}
