import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, LoadingState, Modal, Textarea, toast } from '@tourdesk/ui';
import {
  DEPARTURE_MESSAGE_MAX_LENGTH,
  DEPARTURE_REFUND_RULES,
  type DepartureRefundRule,
} from '@tourdesk/contract/api/departure-values';
import type { CalendarDeparture, DepartureCancelResponse } from '@tourdesk/contract/api/departure';
import { QueryErrorState } from '../../components/query-error-state';
import { apiErrorText } from '../../lib/form-errors';
import { useFormats } from '../../lib/formats';
import {
  useCancelDeparture,
  useCancelPreview,
  useDepartureGuides,
  useLinkGuideUser,
  useMessageDeparture,
  useOrganizerGuides,
  useSetDepartureGuides,
  useTeamMembers,
} from './api/departures';

const SECTIONS = ['guides', 'cancel', 'message'] as const;
type Section = (typeof SECTIONS)[number];
const name = (g: { first_name: string; last_name: string }) => `${g.first_name} ${g.last_name}`.trim();

/** The departure's guides: chosen from the organizer's, the clash with another departure shown; linked to a member. */
function GuidesSection({ orgId, d, canLink }: { orgId: number; d: CalendarDeparture; canLink: boolean }) {
  const { t } = useTranslation('departures');
  const fmt = useFormats();
  const current = useDepartureGuides(orgId, d.tour_date_id);
  const all = useOrganizerGuides(orgId, true);
  const members = useTeamMembers(orgId, canLink);
  const save = useSetDepartureGuides(orgId, d.tour_date_id);
  const link = useLinkGuideUser(orgId);
  const [chosen, setChosen] = useState<number[] | null>(null);
  if (current.isPending || all.isPending) return <LoadingState />;
  if (current.isError) return <QueryErrorState error={current.error} onRetry={() => void current.refetch()} />;
  if (all.isError) return <QueryErrorState error={all.error} onRetry={() => void all.refetch()} />;
  // the guides on the departure until the member changes the choice
  const picked = chosen ?? current.data.guides.map((g) => g.id);
  const conflicts = (save.data ?? current.data).conflicts;
  const guides = all.data;
  return (
    <div className="flex flex-col gap-3">
      {guides.length === 0 ? (
        <p className="text-sm">{t('panel.noGuides')}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('panel.chooseGuides')}</legend>
          {guides.map((g) => {
            // a guide on this departure may be linked to a member account (the owner's choice)
            const assigned = (save.data ?? current.data).guides.find((x) => x.id === g.id);
            return (
              <div key={g.id} className="flex flex-wrap items-center justify-between gap-2">
                <Checkbox
                  label={name(g)}
                  checked={picked.includes(g.id)}
                  onCheckedChange={(on) =>
                    setChosen(on === true ? [...picked, g.id] : picked.filter((id) => id !== g.id))
                  }
                />
                {canLink && members.data && assigned ? (
                  <label className="flex items-center gap-1 text-xs">
                    {t('panel.member')}
                    <select
                      className="rounded-md border px-2 py-1 text-sm"
                      aria-label={t('panel.memberOf', { name: name(g) })}
                      value={assigned.user_id ?? ''}
                      disabled={link.isPending}
                      onChange={(e) =>
                        link.mutate(
                          { guideId: g.id, userId: e.target.value ? Number(e.target.value) : null },
                          {
                            onSuccess: () => {
                              toast.success(t('panel.linked'));
                              save.reset();
                              void current.refetch();
                            },
                            onError: (err) => void toast.error(apiErrorText(err, t)),
                          },
                        )
                      }
                    >
                      <option value="">{t('panel.noMember')}</option>
                      {members.data.items.map((m) => (
                        <option key={m.user_id} value={m.user_id}>
                          {m.name || m.email}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      )}
      {conflicts.length > 0 ? (
        <div role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-2 text-sm text-amber-900">
          <p className="font-medium">{t('panel.clash')}</p>
          <ul className="list-disc ps-5">
            {conflicts.map((c) => (
              <li key={`${c.guide_id}-${c.tour_date_id}`}>
                {t('panel.clashItem', {
                  guide: name(
                    guides.find((g) => g.id === c.guide_id) ?? { first_name: `#${c.guide_id}`, last_name: '' },
                  ),
                  tour: c.tour_name,
                  dates: `${fmt.day(c.date_start)} – ${fmt.day(c.date_end)}`,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(picked, {
              onSuccess: () => toast.success(t('panel.guidesSaved')),
              onError: (err) => void toast.error(apiErrorText(err, t)),
            })
          }
        >
          {t('panel.saveGuides')}
        </Button>
      </div>
    </div>
  );
}

/** Cancel the departure: the rule, the preview of who is affected and the refunds, then the confirm with a note. */
function CancelSection({ orgId, d }: { orgId: number; d: CalendarDeparture }) {
  const { t } = useTranslation('departures');
  const fmt = useFormats();
  const ruleId = useId();
  const noteId = useId();
  const [rule, setRule] = useState<DepartureRefundRule>('full');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<DepartureCancelResponse | null>(null);
  const preview = useCancelPreview(orgId, d.tour_date_id, rule, done === null);
  const cancel = useCancelDeparture(orgId, d.tour_date_id);
  if (done) {
    const failed = done.items.filter((i) => i.error !== null);
    return (
      <div className="flex flex-col gap-2 text-sm" role="status">
        <p className="font-medium">{t('panel.canceledDone', { count: done.items.length - failed.length })}</p>
        <ul className="flex flex-col gap-1">
          {done.items.map((i) => (
            <li key={i.request_id}>
              № {i.request_id} {i.customer_name}: {t('panel.refunded', { amount: fmt.money(i.refunded, i.currency) })}
              {i.refund_left > 0 ? ` · ${t('panel.refundLeft', { amount: fmt.money(i.refund_left, i.currency) })}` : ''}
              {i.error ? ` · ${t(`errors:${i.error}`, { defaultValue: i.error })}` : ''}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={ruleId} className="flex flex-col gap-1 text-sm font-medium">
        {t('panel.rule')}
        <select
          id={ruleId}
          className="rounded-md border px-2 py-1 text-sm font-normal"
          value={rule}
          onChange={(e) => setRule(e.target.value as DepartureRefundRule)}
        >
          {DEPARTURE_REFUND_RULES.map((r) => (
            <option key={r} value={r}>
              {t(`panel.rules.${r}`)}
            </option>
          ))}
        </select>
      </label>
      {preview.isPending ? (
        <LoadingState />
      ) : preview.isError ? (
        <QueryErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : preview.data.items.length === 0 ? (
        <p className="text-sm">{t('panel.nobody')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('panel.affected')}</caption>
            <thead>
              <tr className="text-start">
                <th className="px-2 py-1 text-start font-medium">{t('panel.who')}</th>
                <th className="px-2 py-1 text-end font-medium">{t('panel.seats')}</th>
                <th className="px-2 py-1 text-end font-medium">{t('panel.paid')}</th>
                <th className="px-2 py-1 text-end font-medium">{t('panel.refund')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.data.items.map((i) => (
                <tr key={i.request_id} className="border-t">
                  <td className="px-2 py-1">
                    № {i.request_id} {i.customer_name}
                  </td>
                  <td className="px-2 py-1 text-end">{i.seats}</td>
                  <td className="px-2 py-1 text-end">{fmt.money(i.paid, i.currency)}</td>
                  <td className="px-2 py-1 text-end">{fmt.money(i.refund, i.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <label htmlFor={noteId} className="flex flex-col gap-1 text-sm font-medium">
        {t('panel.note')}
        <Textarea
          id={noteId}
          value={note}
          maxLength={DEPARTURE_MESSAGE_MAX_LENGTH}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
        />
      </label>
      <div>
        <Button
          variant="danger"
          loading={cancel.isPending}
          disabled={preview.isPending}
          onClick={() =>
            cancel.mutate(
              { rule, message: note.trim() },
              {
                onSuccess: (res) => setDone(res),
                onError: (err) => void toast.error(apiErrorText(err, t)),
              },
            )
          }
        >
          {t('panel.confirmCancel')}
        </Button>
      </div>
    </div>
  );
}

/** A text to everyone on the departure: chats, e-mail and messenger. */
function MessageSection({ orgId, d }: { orgId: number; d: CalendarDeparture }) {
  const { t } = useTranslation('departures');
  const textId = useId();
  const [text, setText] = useState('');
  const send = useMessageDeparture(orgId, d.tour_date_id);
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={textId} className="flex flex-col gap-1 text-sm font-medium">
        {t('panel.messageText')}
        <Textarea
          id={textId}
          value={text}
          maxLength={DEPARTURE_MESSAGE_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
          rows={5}
        />
      </label>
      {send.data ? (
        <p role="status" className="text-sm">
          {t('panel.sent', { count: send.data.requests })}
        </p>
      ) : null}
      <div>
        <Button
          loading={send.isPending}
          disabled={!text.trim()}
          onClick={() =>
            send.mutate(text.trim(), {
              onSuccess: () => setText(''),
              onError: (err) => void toast.error(apiErrorText(err, t)),
            })
          }
        >
          {t('panel.send')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The departure panel (issue 29), from the calendar's "Manage": its guides (with the clash
 * warning; linked to members by the owner), canceling it with the refunds' preview, and a
 * message to everyone on it. Only for members who may change departures.
 */
export function DepartureDialog({
  orgId,
  departure,
  canLink,
  onClose,
}: {
  orgId: number;
  departure: CalendarDeparture | null;
  canLink: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('departures');
  const fmt = useFormats();
  const [section, setSection] = useState<Section>('guides');
  const d = departure;
  const canceled = d?.status === 'canceled';
  return (
    <Modal
      open={d !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          setSection('guides');
        }
      }}
      width="dialog"
      title={d ? `${d.tour_name}, ${fmt.day(d.date_start)}${d.time_start ? ` ${d.time_start}` : ''}` : ''}
      description={canceled ? t('panel.isCanceled') : t('panel.description')}
    >
      {d ? (
        <div className="flex flex-col gap-4">
          <div role="group" aria-label={t('panel.sections')} className="flex flex-wrap gap-1">
            {/* a canceled departure keeps its guides only (and the cancel's result while it is shown) */}
            {SECTIONS.filter((s) => !canceled || s === 'guides' || s === section).map((s) => (
              <Button
                key={s}
                size="sm"
                variant={section === s ? 'primary' : 'secondary'}
                aria-pressed={section === s}
                onClick={() => setSection(s)}
              >
                {t(`panel.tabs.${s}`)}
              </Button>
            ))}
          </div>
          {section === 'guides' ? (
            <GuidesSection orgId={orgId} d={d} canLink={canLink} />
          ) : section === 'cancel' ? (
            <CancelSection orgId={orgId} d={d} />
          ) : (
            <MessageSection orgId={orgId} d={d} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
