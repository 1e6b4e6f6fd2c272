import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, LoadingState, Select, Switch, toast } from '@tourdesk/ui';
import { Pencil } from 'lucide-react';
import type { TravellerMessageKindSettings, TravellerMessageSettings } from '@tourdesk/contract/api/traveller-message';
import type { TravellerMessageKind } from '@tourdesk/contract/api/traveller-message-routes';
import { LANGUAGES } from '@tourdesk/contract/entities/user-values';
import type { Language } from '@tourdesk/contract/entities/user';
import { QueryErrorState } from '../../../components/query-error-state';
import { useApiErrorToast } from '../../../lib/form-errors';
import { useTravellerMessageSettings, useUpdateTravellerMessageSettings } from '../api/traveller-message-settings';
import { KindTextModal } from './kind-text-modal';

/** One kind: its name, what it is, whether it goes out by itself, and its text. */
function KindRow({
  kind,
  checked,
  busy,
  onToggle,
  onEdit,
  children,
}: {
  kind: TravellerMessageKindSettings;
  checked: boolean;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
  /** more of the kind's settings (the receipt's contract) */
  children?: ReactNode;
}) {
  const { t } = useTranslation('messages');
  const name = t(`kinds.${kind.kind}.name`);
  const own = LANGUAGES.filter((l) => kind.texts[l] !== null);
  const nameId = `message-kind-${kind.kind}`;
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-6"
    >
      <div className="min-w-0 flex-1">
        <h3 id={nameId} className="text-sm font-semibold text-neutral-900">
          {name}
        </h3>
        <p className="mt-0.5 text-sm text-neutral-600">{t(`kinds.${kind.kind}.text`)}</p>
        <p className="mt-1 text-xs text-neutral-500">
          {own.length === 0
            ? t('settings.standardText')
            : t('settings.ownText', { languages: own.map((l) => t(`languages.${l}`)).join(', ') })}
        </p>
        {children}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-x-5 gap-y-2">
        <Switch
          label={t('settings.sendAutomatically')}
          aria-label={t('settings.sendAutomaticallyNamed', { name })}
          checked={checked}
          disabled={busy}
          onCheckedChange={onToggle}
        />
        <Button variant="outline" size="sm" aria-label={t('settings.editTextNamed', { name })} onClick={onEdit}>
          <Pencil size={14} aria-hidden="true" />
          {t('settings.editText')}
        </Button>
      </div>
    </li>
  );
}

function SettingsView({ settings }: { settings: TravellerMessageSettings }) {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const toastApiError = useApiErrorToast();
  const update = useUpdateTravellerMessageSettings();
  const [editing, setEditing] = useState<{ kind: TravellerMessageKind; open: boolean; opening: number } | null>(null);
  const pending = update.isPending ? update.variables : undefined;
  const pendingLanguage = pending?.default_language;
  const editingKind = editing && settings.kinds.find((k) => k.kind === editing.kind);

  const toggle = (kind: TravellerMessageKindSettings, enabled: boolean) =>
    update.mutate(
      { organizer_id: settings.organizer_id, kinds: [{ kind: kind.kind, enabled, texts: kind.texts }] },
      {
        onSuccess: () =>
          toast.success(
            t(enabled ? 'settings.turnedOn' : 'settings.turnedOff', { name: t(`kinds.${kind.kind}.name`) }),
          ),
        onError: toastApiError,
      },
    );

  return (
    <Card className="px-5 py-6 sm:px-8">
      <section aria-labelledby="traveller-messages-title" className="flex flex-col gap-6">
        <div>
          <h2 id="traveller-messages-title" className="text-base font-semibold text-neutral-900">
            {t('settings.title')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-neutral-600">{t('settings.intro')}</p>
        </div>
        <Field label={t('settings.defaultLanguage')} hint={t('settings.defaultLanguageHint')} className="max-w-xs">
          <Select
            options={LANGUAGES.map((l) => ({ value: l, text: t(`languages.${l}`) }))}
            value={pendingLanguage ?? settings.default_language}
            disabled={update.isPending}
            onChange={(value) =>
              value !== null &&
              value !== settings.default_language &&
              update.mutate(
                { organizer_id: settings.organizer_id, default_language: value as Language },
                { onSuccess: () => toast.success(t('settings.saved')), onError: toastApiError },
              )
            }
          />
        </Field>
        <ul aria-label={t('settings.kindsLabel')} className="flex flex-col divide-y divide-neutral-200">
          {settings.kinds.map((kind) => {
            const pendingKind = pending?.kinds?.find((k) => k.kind === kind.kind);
            return (
              <KindRow
                key={kind.kind}
                kind={kind}
                checked={pendingKind?.enabled ?? kind.enabled}
                busy={update.isPending}
                onToggle={(enabled) => toggle(kind, enabled)}
                onEdit={() => setEditing((e) => ({ kind: kind.kind, open: true, opening: (e?.opening ?? 0) + 1 }))}
              >
                {kind.kind === 'payment_received' && (
                  <Switch
                    className="mt-3"
                    label={t('settings.attachContract')}
                    checked={pending?.attach_contract ?? settings.attach_contract}
                    disabled={update.isPending}
                    onCheckedChange={(attach) =>
                      update.mutate(
                        { organizer_id: settings.organizer_id, attach_contract: attach },
                        {
                          onSuccess: () =>
                            toast.success(t(attach ? 'settings.attachContractOn' : 'settings.attachContractOff')),
                          onError: toastApiError,
                        },
                      )
                    }
                  />
                )}
              </KindRow>
            );
          })}
        </ul>
        <p className="text-end text-xs text-neutral-500" aria-live="polite">
          {update.isPending ? null : tc('form.upToDate')}
        </p>
      </section>
      {editingKind && (
        <KindTextModal
          key={editing.opening}
          settings={settings}
          kind={editingKind}
          open={editing.open}
          onOpenChange={(open) => setEditing((e) => e && { ...e, open })}
        />
      )}
    </Card>
  );
}

/** Settings → Messages to travellers: which kinds go out by themselves, their texts, the default language. */
export function TravellerMessageSettingsTab({ organizerId }: { organizerId: number }) {
  const settings = useTravellerMessageSettings(organizerId);
  if (settings.isError && !settings.data)
    return <QueryErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <LoadingState />;
  return <SettingsView settings={settings.data} />;
}
