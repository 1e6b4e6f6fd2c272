import { useTranslation } from 'react-i18next';
import { Button } from '@tourdesk/ui';
import { CheckCircle2, CircleDashed, UserPlus } from 'lucide-react';
import type { Questionnaire, QuestionnaireTourist } from '@tourdesk/contract/api/request-tourist';
import { personName } from '../../../../lib/person-name';
import { lineName } from '../../../../lib/line-name';

/**
 * A tourist's name as the list shows it, in the order of the page's language (en: Anna Ivanova,
 * ru: Иванова Анна); one without a name yet is "Traveller 2".
 */
export const useTouristName = () => {
  const { t, i18n } = useTranslation('questionnaire');
  return (
    tourist: Pick<QuestionnaireTourist, 'full_name' | 'first_name' | 'last_name' | 'middle_name'>,
    index: number,
  ): string =>
    personName(tourist, i18n.language) || tourist.full_name.trim() || t('travellers.unnamed', { number: index + 1 });
};

/** The group by name with who has filled in; each opens their own form, and the rest may add themselves. */
export function TouristList({
  questionnaire,
  onFill,
  onAdd,
}: {
  questionnaire: Questionnaire;
  onFill: (tourist: QuestionnaireTourist, index: number) => void;
  onAdd: () => void;
}) {
  const { t, i18n } = useTranslation('questionnaire');
  const nameOf = useTouristName();
  const { tourists, is_closed: isClosed, places_left: placesLeft } = questionnaire;
  // the categories are said when the booking has more than the base one (a child's, an infant's)
  const byCategory = questionnaire.travellers.some((x) => x.code !== 'adult');
  const categoryName = (c: { name_en: string; name_ru: string }) => lineName(c, i18n.language);
  return (
    <section aria-labelledby="questionnaire-travellers" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="questionnaire-travellers" tabIndex={-1} className="text-lg font-semibold text-neutral-900">
          {t('travellers.heading')}
        </h2>
        <p className="text-sm text-neutral-600">
          {t('travellers.listed', { listed: tourists.length, count: questionnaire.tourists_count })}
        </p>
      </div>
      {byCategory && (
        <p className="text-sm text-neutral-700">
          {t('travellers.booking', {
            list: questionnaire.travellers.map((x) => `${x.count} × ${categoryName(x)}`).join(', '),
          })}
        </p>
      )}
      {tourists.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('travellers.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {tourists.map((tourist, index) => {
            const name = nameOf(tourist, index);
            const filled = tourist.is_questionnaire_filled;
            return (
              <li key={tourist.id} className="flex items-center gap-3 px-3 py-3">
                {filled ? (
                  <CheckCircle2 size={20} className="shrink-0 text-success-600" aria-hidden="true" />
                ) : (
                  <CircleDashed size={20} className="shrink-0 text-neutral-400" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-neutral-900">
                    {name}
                    {byCategory && tourist.category && (
                      <span className="ms-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-normal text-neutral-700">
                        {categoryName(tourist.category)}
                      </span>
                    )}
                  </p>
                  <p className={filled ? 'text-xs text-success-700' : 'text-xs text-neutral-500'}>
                    {filled
                      ? t('travellers.filled')
                      : tourist.full_name.trim()
                        ? // named by the organizer, not yet by the traveller: nothing is missing to them
                          t('travellers.entered')
                        : t('travellers.notFilled')}
                  </p>
                </div>
                {!isClosed && (
                  <Button
                    size="sm"
                    variant={filled ? 'ghost' : 'secondary'}
                    aria-label={filled ? t('travellers.editLabel', { name }) : t('travellers.fillLabel', { name })}
                    onClick={() => onFill(tourist, index)}
                  >
                    {filled ? t('travellers.edit') : t('travellers.fill')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!isClosed &&
        (placesLeft > 0 ? (
          <div className="flex flex-col gap-2 rounded-xl border border-dashed border-neutral-300 p-3">
            <p className="text-sm text-neutral-700">{t('travellers.placesLeft', { count: placesLeft })}</p>
            <Button variant="secondary" onClick={onAdd} className="self-start">
              <UserPlus size={16} aria-hidden="true" />
              {t('travellers.addMyself')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-neutral-600">{t('travellers.noPlaces')}</p>
        ))}
    </section>
  );
}
