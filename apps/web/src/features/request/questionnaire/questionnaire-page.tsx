import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingState, toast } from '@tourdesk/ui';
import { Link2Off, Lock } from 'lucide-react';
import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import type { Questionnaire, QuestionnaireSavedTourist } from '@tourdesk/contract/api/request-tourist';
import { QueryErrorState } from '../../../components/query-error-state';
import { isApiError } from '../../../lib/api/api-error';
import { getCookie } from '../../../lib/cookies';
import { isLanguage, languageOfLink } from '../../../lib/i18n/i18n';
import { useQuestionnaire } from './api/get-questionnaire';
import { useTripInfo } from './api/get-trip-info';
import {
  QuestionnaireForm,
  type QuestionnaireFormMode,
  type QuestionnaireStale,
} from './components/questionnaire-form';
import { SavedDetails } from './components/saved-details';
import { TouristList, useTouristName } from './components/tourist-list';
import { TripSummary } from './components/trip-summary';

type View =
  | { kind: 'list' }
  | { kind: 'form'; mode: QuestionnaireFormMode; title: string }
  | { kind: 'done'; saved: QuestionnaireSavedTourist };

/**
 * A tourist opening the link has usually never used the app: with no language chosen before
 * (local storage or cookie, as the rest of the app keeps it), the page follows the browser's
 * languages (what it sends as Accept-Language) without storing that; the switch below the page
 * stores a choice as everywhere.
 */
const useBrowserLanguage = () => {
  const { i18n } = useTranslation();
  useEffect(() => {
    let stored: string | null;
    try {
      stored = window.localStorage.getItem('language');
    } catch {
      stored = null;
    }
    // the link's own language (a message's link), or one chosen earlier, is kept
    if (languageOfLink() || isLanguage(stored) || isLanguage(getCookie(COOKIE_NAMES.language))) return;
    const preferred = (navigator.languages ?? [navigator.language])
      .map((tag) => tag.slice(0, 2).toLowerCase())
      .find(isLanguage);
    if (preferred && preferred !== i18n.language) void i18n.changeLanguage(preferred);
  }, [i18n]);
};

/**
 * /questionnaire/:uuid (public, boxed): the trip, the group by name with who has filled in, and
 * one tourist's form at a time (fill in your own, or add yourself while places remain); what a
 * tourist saved is shown back to them once, from the save's answer, and never through the link.
 */
export function QuestionnairePage({
  contactOrganizer,
}: {
  /** what the page offers to reach the organizer (the app puts the chat here) */
  contactOrganizer?: (questionnaire: Questionnaire) => ReactNode;
} = {}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation('questionnaire');
  useBrowserLanguage();
  const questionnaire = useQuestionnaire(uuid);
  const tripInfo = useTripInfo(uuid);
  const nameOf = useTouristName();
  const [view, setView] = useState<View>({ kind: 'list' });
  const top = useRef<HTMLDivElement>(null);
  const show = (next: View) => {
    setView(next);
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  const backToList = () => show({ kind: 'list' });

  const onStale = (reason: QuestionnaireStale) => {
    if (reason === 'full') toast.error(t('errors.full'));
    if (reason === 'gone') toast.error(t('errors.gone'));
    if (reason === 'closed') toast.error(t('closed'));
    void questionnaire.refetch();
    backToList();
  };

  if (questionnaire.isPending) return <LoadingState text={t('loading')} />;
  if (questionnaire.isError) {
    if (isApiError(questionnaire.error) && questionnaire.error.status === 404)
      return (
        <EmptyState
          icon={<Link2Off size={28} aria-hidden="true" />}
          title={t('notFound.title')}
          text={t('notFound.text')}
        />
      );
    return <QueryErrorState error={questionnaire.error} onRetry={() => void questionnaire.refetch()} />;
  }
  const data = questionnaire.data;
  // a trip closed while a form was open: back to the (read-only) list
  const current: View = view.kind === 'form' && data.is_closed ? { kind: 'list' } : view;

  return (
    <div ref={top} className="flex scroll-mt-4 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('subtitle')}</p>
      </header>
      {data.is_closed && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-warning-50 p-3 text-sm text-neutral-800 ring-1 ring-warning-100"
        >
          <Lock size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
          {t('closed')}
        </p>
      )}
      {current.kind === 'list' && (
        <>
          <TripSummary questionnaire={data} info={tripInfo.data} />
          {contactOrganizer?.(data)}
          <TouristList
            questionnaire={data}
            onFill={(tourist, index) =>
              show({
                kind: 'form',
                mode: { kind: 'fill', tourist },
                title: tourist.full_name.trim() ? nameOf(tourist, index) : t('form.headingFill'),
              })
            }
            onAdd={() => show({ kind: 'form', mode: { kind: 'add' }, title: t('form.headingAdd') })}
          />
        </>
      )}
      {current.kind === 'form' && (
        <QuestionnaireForm
          key={current.mode.kind === 'fill' ? current.mode.tourist.id : 'add'}
          uuid={uuid}
          mode={current.mode}
          title={current.title}
          onSaved={(saved) => show({ kind: 'done', saved })}
          onStale={onStale}
          onBack={backToList}
        />
      )}
      {current.kind === 'done' && <SavedDetails saved={current.saved} onBack={backToList} />}
    </div>
  );
}
