import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '../../../../lib/person-name';
import { Button, Card, Input, Modal, cn, toast } from '@tourdesk/ui';
import { AlertTriangle, Copy, ExternalLink, Pencil, Trash2, UserPlus } from 'lucide-react';
import { questionnairePath } from '@tourdesk/contract/api/request-tourist-routes';
import type { BookingRequest, Tourist } from '@tourdesk/contract/entities/request';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { useRemoveTourist } from '../api/request-tourists';
import { useRequestFormat } from '../request-format';
import { isCancelable } from './request-header';
import { TouristFormModal } from './tourist-form-modal';
import { TouristCategory } from './tourist-category';

/** The SPA's base path: the questionnaire is a page of this app, open without an account. */
const SPA_BASE = '/org';

/** The questionnaire link the provider sends the group: absolute, on this server. */
export const questionnaireUrl = (uuid: string): string =>
  new URL(`${SPA_BASE}${questionnairePath(uuid)}`, window.location.origin).toString();

type Missing = 'passport' | 'birthday' | 'phone';

/** What the guide will need and is not there (a child needs no phone of its own), as the rooming list counts it. */
export const missingOf = (tourist: Tourist): Missing[] => {
  const out: Missing[] = [];
  if (!tourist.passport.trim()) out.push('passport');
  if (!tourist.birthday) out.push('birthday');
  if (!tourist.is_child && !tourist.phone.trim()) out.push('phone');
  return out;
};

/** The link the tourists fill their own data in by, with copy and open, and how many have. */
function QuestionnaireLink({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const url = questionnaireUrl(request.uuid);
  const inputId = useId();
  const filled = request.tourists.filter((x) => x.is_questionnaire_filled).length;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('tourists.questionnaire.copied'));
    } catch {
      toast.error(t('tourists.questionnaire.copyFailed'));
    }
  };
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-2 rounded-xl border border-primary-100 bg-primary-50/60 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${inputId}-title`} className="text-sm font-semibold text-neutral-900">
          {t('tourists.questionnaire.title')}
        </h3>
        <p className="text-xs font-medium text-primary-800">
          {t('tourists.questionnaire.filled', { count: filled, total: request.tourists_count })}
        </p>
      </div>
      <p className="text-sm text-neutral-700">{t('tourists.questionnaire.text')}</p>
      <label htmlFor={inputId} className="sr-only">
        {t('tourists.questionnaire.address')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 font-mono text-xs sm:flex-1"
        />
        <div className="flex gap-2">
          <Button size="md" variant="secondary" onClick={() => void copy()}>
            <Copy size={15} aria-hidden="true" />
            {t('tourists.questionnaire.copy')}
          </Button>
          <Button size="md" variant="ghost" asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={15} aria-hidden="true" />
              {t('tourists.questionnaire.open')}
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}

function Flags({ tourist }: { tourist: Tourist }) {
  const { t } = useTranslation('bookings');
  const flags = [
    tourist.is_contact_person && t('tourists.flags.contact'),
    tourist.is_child && t('tourists.flags.child'),
    tourist.needs_transfer && t('tourists.flags.transfer'),
    tourist.is_questionnaire_filled && t('tourists.flags.questionnaire'),
  ].filter((x): x is string => Boolean(x));
  if (flags.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((f) => (
        <span key={f} className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
          {f}
        </span>
      ))}
    </span>
  );
}

const cellClass = 'px-3 py-2.5 align-top @max-2xl:py-1';
/** A detail of the tourist: in a card, a line of its own with the column's name before it. */
const detailClass = `${cellClass} @max-2xl:col-span-2 @max-2xl:flex @max-2xl:gap-2`;
/** In a narrow card (a phone, the page's main column) a row is a card: each cell on its own line, its column's name before it. */
const Label = ({ text }: { text: string }) => (
  <span className="w-32 shrink-0 pt-0.5 text-xs font-medium text-neutral-500 @2xl:hidden">{text}</span>
);

/**
 * The request's tourists (SPEC §3): a table with what the guide needs and what is missing, the
 * places not named yet, add / edit / remove, and the questionnaire link.
 */
export function TouristsCard({ request }: { request: BookingRequest }) {
  const { t, i18n } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const remove = useRemoveTourist(request.request_id);
  const toastApiError = useApiErrorToast();
  const [editing, setEditing] = useState<Tourist | 'new' | null>(null);
  const [removing, setRemoving] = useState<Tourist | null>(null);
  const editable = isCancelable(request);
  const listed = request.tourists.length;
  const unnamed = Math.max(0, request.tourists_count - listed);
  const full = listed >= request.tourists_count;
  // the name's order follows the interface's language (the server's full_name is surname first)
  const nameOf = (x: Tourist) => personName(x, i18n.language, x.full_name || t('tourists.noName'));
  const columns = {
    name: t('tourists.columns.name'),
    birthday: t('tourists.columns.birthday'),
    passport: t('tourists.columns.passport'),
    contacts: t('tourists.columns.contacts'),
    food: t('tourists.columns.food'),
  };
  return (
    <Card
      title={t('tourists.title', { listed, count: request.tourists_count })}
      actions={
        editable && (
          <Button
            size="sm"
            onClick={() => setEditing('new')}
            disabled={full}
            title={full ? t('tourists.fullHint') : undefined}
          >
            <UserPlus size={15} aria-hidden="true" />
            {t('tourists.add')}
          </Button>
        )
      }
    >
      <div className="@container flex flex-col gap-4">
        {editable && full && listed > 0 && <p className="text-xs text-neutral-500">{t('tourists.fullHint')}</p>}
        <table role="table" aria-label={t('tourists.tableName')} className="w-full text-sm @max-2xl:block">
          <thead className="@max-2xl:hidden">
            <tr role="row" className="border-b border-neutral-200 text-start text-xs text-neutral-500">
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {columns.name}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {columns.birthday}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {columns.passport}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {columns.contacts}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {columns.food}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('tourists.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="@max-2xl:flex @max-2xl:flex-col @max-2xl:gap-3 @2xl:divide-y @2xl:divide-neutral-100">
            {request.tourists.map((x, i) => {
              const missing = missingOf(x);
              return (
                <tr
                  key={x.id}
                  role="row"
                  className="@max-2xl:grid @max-2xl:grid-cols-[minmax(0,1fr)_auto] @max-2xl:rounded-xl @max-2xl:border @max-2xl:border-neutral-200 @max-2xl:py-2"
                >
                  <td className={cn(cellClass, '@max-2xl:row-start-1')}>
                    <div className="flex min-w-0 flex-col gap-1">
                      <span className="font-medium text-neutral-900">
                        <span className="me-1 text-neutral-500">{i + 1}.</span>
                        {nameOf(x)}
                      </span>
                      <Flags tourist={x} />
                      <TouristCategory
                        requestId={request.request_id}
                        tourist={x}
                        name={nameOf(x)}
                        editable={editable}
                      />
                      {missing.length > 0 && (
                        <span className="inline-flex items-center gap-1 text-xs text-warning-800">
                          <AlertTriangle size={13} aria-hidden="true" />
                          {t('tourists.missing', {
                            list: missing.map((m) => t(`tourists.missingField.${m}`)).join(', '),
                          })}
                        </span>
                      )}
                    </div>
                  </td>
                  <td className={detailClass}>
                    <Label text={columns.birthday} />
                    {x.birthday ? format.day(x.birthday) : <Dash />}
                  </td>
                  <td className={detailClass}>
                    <Label text={columns.passport} />
                    {x.passport || <Dash />}
                  </td>
                  <td className={cn(detailClass, '[overflow-wrap:anywhere]')}>
                    <Label text={columns.contacts} />
                    {x.phone || x.email ? (
                      <span className="flex flex-col">
                        {x.phone && <span>{x.phone}</span>}
                        {x.email && <span className="text-neutral-600">{x.email}</span>}
                      </span>
                    ) : (
                      <Dash />
                    )}
                  </td>
                  <td className={detailClass}>
                    <Label text={columns.food} />
                    {x.food_restriction || <Dash />}
                  </td>
                  <td
                    className={cn(
                      cellClass,
                      '@2xl:text-end @max-2xl:col-span-1 @max-2xl:col-start-2 @max-2xl:row-start-1',
                    )}
                  >
                    {editable && (
                      <span className="flex gap-1 @2xl:justify-end">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={t('tourists.edit', { name: nameOf(x) })}
                          onClick={() => setEditing(x)}
                        >
                          <Pencil size={15} aria-hidden="true" />
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-danger-700"
                          aria-label={t('tourists.remove', { name: nameOf(x) })}
                          onClick={() => setRemoving(x)}
                        >
                          <Trash2 size={15} aria-hidden="true" />
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
            {Array.from({ length: unnamed }, (_, k) => (
              <tr
                key={`place-${k}`}
                role="row"
                className="text-neutral-500 @max-2xl:flex @max-2xl:rounded-xl @max-2xl:border @max-2xl:border-dashed @max-2xl:border-neutral-300"
              >
                <td colSpan={6} className={cellClass}>
                  <span className="me-1 text-neutral-500">{listed + k + 1}.</span>
                  {t('tourists.unnamed')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* the link is for a living request: a canceled or completed one takes no more data */}
        {request.tourists_count > 0 && isCancelable(request) && <QuestionnaireLink request={request} />}
      </div>
      <TouristFormModal requestId={request.request_id} target={editing} onClose={() => setEditing(null)} />
      <Modal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        width="form"
        title={t('tourists.removeTitle')}
        description={removing ? t('tourists.removeText', { name: nameOf(removing) }) : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              {t('tourists.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing.id, {
                  onSuccess: () => {
                    toast.success(t('tourists.removed'));
                    setRemoving(null);
                  },
                  onError: toastApiError,
                })
              }
            >
              {t('tourists.removeConfirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}

function Dash() {
  const { t } = useTranslation('bookings');
  return (
    <span className="text-neutral-500" aria-label={t('tourists.none')}>
      —
    </span>
  );
}
