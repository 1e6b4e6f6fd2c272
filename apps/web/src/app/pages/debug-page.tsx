import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Field, Select, Spinner, cn } from '@tourdesk/ui';
import { PageHeader } from '../../components/coming-soon';
import { BuildInfo } from '../../features/general/components/build-info';
import { OutboxTable } from '../../features/general/components/outbox-table';
import { currentBrand } from '../../brands/current-brand';
import { isDebugMode, setDebugMode } from '../../lib/debug-mode';
import { api } from '../../lib/api/client';
import { isApiError } from '../../lib/api/api-error';
import { useOrganizerList } from '../../features/organizer/api/get-organizer-list';
import { MessagePreviews } from '../../features/traveller-message/components/message-previews';
import { QueryErrorState } from '../../components/query-error-state';

// The kit's showcase, loaded only here. A glob (not a plain import) keeps the build working
// in a checkout where the kit has no showcase yet: the section then says so.
const showcaseModules = import.meta.glob<{ Showcase: ComponentType }>(
  '../../../../../packages/ui/src/showcase/showcase.tsx',
);
const loadShowcase = Object.values(showcaseModules)[0];
const Showcase = loadShowcase ? lazy(() => loadShowcase().then((m) => ({ default: m.Showcase }))) : null;

function DebugModeSwitch() {
  const { t } = useTranslation('debug');
  const [enabled, setEnabled] = useState(isDebugMode);
  const toggle = () => {
    setDebugMode(!enabled);
    setEnabled(isDebugMode());
  };
  return (
    <Card>
      <div className="flex items-center justify-between gap-6">
        <div>
          <h2 id="debug-mode-label" className="text-base font-semibold text-neutral-900">
            {t('debugMode')}
          </h2>
          <p id="debug-mode-text" className="mt-1 text-sm text-neutral-600">
            {t('debugModeText')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby="debug-mode-label"
          aria-describedby="debug-mode-text"
          onClick={toggle}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
            enabled ? 'bg-primary-600' : 'bg-neutral-300',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              enabled ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
      </div>
    </Card>
  );
}

/** The signed-in user's organizers, the first one chosen: its messages to travellers in en and ru. */
function SignedInMessagePreviews() {
  const { t } = useTranslation('messages');
  const organizers = useOrganizerList();
  const [chosen, setChosen] = useState<number | null>(null);
  if (organizers.isPending)
    return (
      <div className="flex justify-center py-6 text-primary-600">
        <Spinner />
      </div>
    );
  if (organizers.isError)
    return isApiError(organizers.error) && organizers.error.status === 401 ? (
      <Card>
        <p className="text-sm text-neutral-600">{t('debug.signIn')}</p>
      </Card>
    ) : (
      <QueryErrorState error={organizers.error} onRetry={() => void organizers.refetch()} />
    );
  const list = organizers.data;
  const organizerId = list.find((o) => o.id === chosen)?.id ?? list[0]?.id;
  if (organizerId === undefined)
    return (
      <Card>
        <p className="text-sm text-neutral-600">{t('debug.noOrganizer')}</p>
      </Card>
    );
  return (
    <>
      {list.length > 1 && (
        <Field label={t('debug.organizer')} className="max-w-sm">
          <Select
            options={list.map((o) => ({ value: o.id, text: o.name }))}
            value={organizerId}
            onChange={(value) => value !== null && setChosen(Number(value))}
          />
        </Field>
      )}
      <MessagePreviews key={organizerId} organizerId={organizerId} />
    </>
  );
}

/** Every kind of message travellers receive, as they receive it, for the current organizer. */
function TravellerMessagesSection() {
  const { t } = useTranslation('messages');
  return (
    <section aria-labelledby="traveller-messages-title" className="flex flex-col gap-3">
      <div>
        <h2 id="traveller-messages-title" className="text-xl font-semibold tracking-tight text-neutral-900">
          {t('debug.title')}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{t('debug.text')}</p>
      </div>
      {api.hasToken() ? (
        <SignedInMessagePreviews />
      ) : (
        <Card>
          <p className="text-sm text-neutral-600">{t('debug.signIn')}</p>
        </Card>
      )}
    </section>
  );
}

/** /debug: build info, the outbox, the debug cookie switch, the messages to travellers and the UI kit showcase. */
export function DebugPage() {
  const { t } = useTranslation('debug');
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <BuildInfo brand={currentBrand} buildTimestamp={__BUILD_TIMESTAMP__} />
        <DebugModeSwitch />
      </div>
      <OutboxTable />
      <TravellerMessagesSection />
      <section aria-labelledby="ui-kit-title" className="flex flex-col gap-3">
        <div>
          <h2 id="ui-kit-title" className="text-xl font-semibold tracking-tight text-neutral-900">
            {t('uiKit')}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{t('uiKitText')}</p>
        </div>
        {Showcase ? (
          <Suspense
            fallback={
              <div className="flex justify-center py-10 text-primary-600">
                <Spinner />
              </div>
            }
          >
            <Showcase />
          </Suspense>
        ) : (
          <Card>
            <p className="text-sm text-neutral-600">{t('uiKitMissing')}</p>
          </Card>
        )}
      </section>
    </section>
  );
}
