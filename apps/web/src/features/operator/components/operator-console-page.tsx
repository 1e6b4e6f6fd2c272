import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, LoadingState, Tabs } from '@tourdesk/ui';
import { LogOut } from 'lucide-react';
import type { OperatorSession } from '@tourdesk/contract/api/operator-console';
import { LanguageSwitch } from '../../../components/language-switch';
import { consoleDesk, consoleSession, useConsoleSites, useQueueCounts, type ConsoleDesk } from '../api/console-api';
import { AuditLog } from './audit-log';
import { ConsoleSignIn } from './console-sign-in';
import { PartnershipQueue, TourQueue, VerificationQueue } from './queues';
import { OrganizerCardModal } from './organizer-card';
import { OperatorsScreen } from './operators-screen';

const useSession = (): OperatorSession | null =>
  useSyncExternalStore(consoleSession.subscribe, consoleSession.get, consoleSession.get);

/** What the console shows in its Support tab: the chat feature's desk, given the console's session (app/ composes it). */
export type SupportDeskSlot = (desk: ConsoleDesk) => ReactNode;

function Console({ session, supportDesk }: { session: OperatorSession; supportDesk?: SupportDeskSlot }) {
  const { t } = useTranslation('operator');
  const { operator } = session;
  const isModeration = operator.role === 'moderator' || operator.role === 'admin';
  const isSupport = operator.role === 'support' || operator.role === 'admin';
  const [params, setParams] = useSearchParams();
  const [cardOf, setCardOf] = useState<number | null>(null);
  const desk = isSupport && supportDesk ? supportDesk({ ...consoleDesk, openOrganizer: setCardOf }) : null;
  const [siteId, setSiteId] = useState<number | null>(null);
  const siteSelectId = useId();
  const sites = useConsoleSites();
  const counts = useQueueCounts(siteId);
  const n = (k: 'verification' | 'partnerships' | 'tours') => counts.data?.[k] ?? 0;
  const label = (k: 'verification' | 'partnerships' | 'tours') => (
    <span>
      {t(`tabs.${k}`)}{' '}
      <span className="ms-1 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700">
        {n(k)}
      </span>
    </span>
  );

  return (
    <div className="min-h-dvh bg-neutral-50">
      <header className="flex flex-wrap items-center gap-3 border-b border-neutral-200 bg-white px-4 py-3">
        <h1 className="text-lg font-semibold text-neutral-900">{t('title')}</h1>
        <span className="text-sm text-neutral-600">
          {operator.name} · {t(`roles.${operator.role}`)}
        </span>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitch />
          <Button variant="ghost" size="sm" onClick={() => void consoleSession.signOut()}>
            <LogOut size={16} aria-hidden="true" /> {t('signOut')}
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto flex max-w-6xl flex-col gap-4 p-2 sm:p-4">
        {isModeration ? (
          <>
            <div className="flex flex-col gap-1 sm:max-w-xs">
              <label htmlFor={siteSelectId} className="text-sm font-medium text-neutral-800">
                {t('site')}
              </label>
              <select
                id={siteSelectId}
                className="h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm"
                value={siteId ?? ''}
                onChange={(e) => setSiteId(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t('allSites')}</option>
                {sites.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <Tabs
              label={t('queues')}
              value={params.get('tab') ?? 'verification'}
              onValueChange={(tab) => setParams({ tab })}
              items={[
                {
                  value: 'verification',
                  label: label('verification'),
                  content: <VerificationQueue siteId={siteId} onOpenCard={setCardOf} />,
                },
                {
                  value: 'partnerships',
                  label: label('partnerships'),
                  content: <PartnershipQueue siteId={siteId} onOpenCard={setCardOf} />,
                },
                {
                  value: 'tours',
                  label: label('tours'),
                  content: <TourQueue siteId={siteId} onOpenCard={setCardOf} />,
                },
                ...(desk
                  ? [
                      {
                        value: 'support',
                        label: t('tabs.support'),
                        // below the site filter and the tabs: the composer stays on screen
                        content: <div className="h-[calc(100dvh-16rem)] min-h-[28rem]">{desk}</div>,
                      },
                    ]
                  : []),
                ...(operator.role === 'admin'
                  ? [
                      { value: 'audit', label: t('tabs.audit'), content: <AuditLog /> },
                      {
                        value: 'operators',
                        label: t('tabs.operators'),
                        content: <OperatorsScreen selfId={operator.id} />,
                      },
                    ]
                  : []),
              ]}
            />
          </>
        ) : desk ? (
          <div className="h-[calc(100dvh-6rem)] min-h-[28rem]">{desk}</div>
        ) : (
          <p className="rounded-lg border border-neutral-200 bg-white p-4 text-sm text-neutral-700">
            {t('supportOnly')}
          </p>
        )}
      </main>
      {cardOf !== null ? (
        <OrganizerCardModal organizerId={cardOf} canOpenDocument={isModeration} onClose={() => setCardOf(null)} />
      ) : null}
    </div>
  );
}

/**
 * /org/operator: the marketplace operator's console (issue 30). `supportDesk` renders the support
 * desk (support and admin operators) with the console's session.
 */
export function OperatorConsolePage({ supportDesk }: { supportDesk?: SupportDeskSlot } = {}) {
  const session = useSession();
  const [isChecking, setChecking] = useState(session === null);
  useEffect(() => {
    if (consoleSession.get()) return;
    // a signed-in operator reloading the page: the refresh cookie gives a new access token
    void consoleSession.refresh().finally(() => setChecking(false));
  }, []);
  if (session) return <Console session={session} supportDesk={supportDesk} />;
  if (isChecking) return <LoadingState />;
  return <ConsoleSignIn />;
}
