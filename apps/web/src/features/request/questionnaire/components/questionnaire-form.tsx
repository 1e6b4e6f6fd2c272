import { useEffect, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@tourdesk/ui';
import { ShieldCheck } from 'lucide-react';
import { QUESTIONNAIRE_FIELD_RULES } from '@tourdesk/contract/api/request-rules';
import { BIRTHDAY_RANGE_RULES } from '@tourdesk/contract/api/request-tourist-routes';
import type {
  QuestionnaireFields,
  QuestionnaireSavedTourist,
  QuestionnaireTourist,
} from '@tourdesk/contract/api/request-tourist';
import { TouristFields, touristBody } from '../../../../components/tourist-fields';
import { ApiError } from '../../../../lib/api/api-error';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { useAddTourists } from '../api/add-tourists';
import { useFillQuestionnaire } from '../api/fill-questionnaire';

/** A saved tourist's own person: the tourist fills in for themselves or adds themselves. */
export type QuestionnaireFormMode = { kind: 'fill'; tourist: QuestionnaireTourist } | { kind: 'add' };

/** How a refused save ends besides the form's own fields: the page refreshes the list and says why. */
export type QuestionnaireStale = 'full' | 'gone' | 'closed' | 'not_found';

/** add-tourists answers errors of its one row at `tourists.0.<field>`: the form's fields are the row's. */
const asRowError = (error: ApiError): ApiError =>
  new ApiError(
    error.status,
    error.message,
    Object.fromEntries(
      Object.entries(error.fieldErrors).map(([path, list]) => [path.replace(/^tourists\.0\./, ''), list]),
    ),
    error.body,
    error.coded,
  );

const staleOf = (error: ApiError): QuestionnaireStale | null => {
  const code = error.coded?.code;
  if (code === 'tourists_over_count' || error.fieldErrors.tourists?.[0]?.code === 'tourists_over_count') return 'full';
  if (code === 'questionnaire_closed') return 'closed';
  if (code === 'tourist_not_found') return 'gone';
  if (code === 'questionnaire_not_found') return 'not_found';
  return null;
};

/** One tourist's questionnaire: their names, birthday, passport, contacts and food restrictions. */
export function QuestionnaireForm({
  uuid,
  mode,
  title,
  onSaved,
  onStale,
  onBack,
}: {
  uuid: string;
  mode: QuestionnaireFormMode;
  title: string;
  onSaved: (saved: QuestionnaireSavedTourist) => void;
  onStale: (reason: QuestionnaireStale) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('questionnaire');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const form = useContractForm<QuestionnaireFields>({
    defaults: {
      first_name: mode.kind === 'fill' ? mode.tourist.first_name : '',
      last_name: mode.kind === 'fill' ? mode.tourist.last_name : '',
      middle_name: mode.kind === 'fill' ? mode.tourist.middle_name : '',
      birthday: null,
      passport: '',
      email: '',
      phone: '',
      food_restriction: '',
    },
    rules: QUESTIONNAIRE_FIELD_RULES,
    formRules: BIRTHDAY_RANGE_RULES,
    prepare: touristBody,
  });
  const savedOne = (response: { saved: QuestionnaireSavedTourist[] }) => {
    const saved = response.saved[0];
    if (saved) onSaved(saved);
  };
  const fill = useFillQuestionnaire({ onSuccess: savedOne });
  const add = useAddTourists({ onSuccess: savedOne });
  const onError = (error: ApiError, isRow: boolean) => {
    const stale = staleOf(error);
    if (stale) onStale(stale);
    else form.showServerError(isRow ? asRowError(error) : error);
  };
  const onSubmit = form.onSubmit((body) =>
    mode.kind === 'fill'
      ? fill.mutate({ uuid, id: mode.tourist.id, ...body }, { onError: (e) => onError(e, false) })
      : add.mutate({ uuid, tourists: [body] }, { onError: (e) => onError(e, true) }),
  );

  return (
    <section aria-labelledby="questionnaire-form" className="flex flex-col gap-4">
      <div>
        <h2
          id="questionnaire-form"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-neutral-900 focus:outline-none"
        >
          {title}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{t('form.lead')}</p>
        {mode.kind === 'fill' && (
          <p className="mt-2 text-sm text-neutral-600">
            {mode.tourist.is_questionnaire_filled && `${t('form.refill')} `}
            {t('form.blankKeeps')}
          </p>
        )}
      </div>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="questionnaire-form" className="flex flex-col gap-4">
          <TouristFields required={['first_name', 'last_name']} isSelf columns={1} />
          <p className="flex gap-2 text-xs text-neutral-600">
            <ShieldCheck size={16} className="shrink-0 text-primary-600" aria-hidden="true" />
            {t('form.privacy')}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button type="button" variant="ghost" onClick={onBack}>
              {t('form.back')}
            </Button>
            <Button type="submit" size="lg" loading={fill.isPending || add.isPending}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
