import { useTranslation } from 'react-i18next';
import { SCHEDULE_TYPE, TOUR_TYPE } from '@tourdesk/contract/enum-values';
import { ChoiceField } from '../../../lib/form/fields';

/** A tour's type (tour or excursion) and how it is scheduled (by dates or weekly). */
export function TourKindFields() {
  const { t } = useTranslation('tours');
  return (
    <>
      <ChoiceField
        name="type"
        label={t('fields.type')}
        options={[
          { value: TOUR_TYPE.tour, text: t(`types.${TOUR_TYPE.tour}`) },
          { value: TOUR_TYPE.excursion, text: t(`types.${TOUR_TYPE.excursion}`) },
        ]}
      />
      <ChoiceField
        name="schedule_type"
        label={t('fields.schedule_type')}
        options={[
          { value: SCHEDULE_TYPE.dates, text: t('scheduleTypes.dates') },
          { value: SCHEDULE_TYPE.weekly, text: t('scheduleTypes.weekly') },
        ]}
      />
    </>
  );
}
