import { useState, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingState } from '@tourdesk/ui';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  type AuditAction,
  type AuditObjectType,
} from '@tourdesk/contract/api/operator-console-routes';
import { apiErrorText } from '../../../lib/form-errors';
import { useAuditLog } from '../api/console-api';

const selectClass =
  'h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500';

const change = (value: Record<string, unknown> | null): string =>
  value
    ? Object.entries(value)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')
    : '—';

/** Every operator action, newest first; read-only (nothing here edits or deletes an entry). */
export function AuditLog() {
  const { t, i18n } = useTranslation('operator');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [objectType, setObjectType] = useState<AuditObjectType | ''>('');
  const actionId = useId();
  const objectId = useId();
  const query = useAuditLog(
    { ...(action ? { action } : {}), ...(objectType ? { object_type: objectType } : {}) },
    true,
  );
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

  return (
    <section aria-label={t('tabs.audit')} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={actionId} className="text-sm font-medium text-neutral-800">
            {t('audit.action')}
          </label>
          <select
            id={actionId}
            className={selectClass}
            value={action}
            onChange={(e) => setAction(e.target.value as AuditAction | '')}
          >
            <option value="">{t('audit.all')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a.replace('.', '_')}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={objectId} className="text-sm font-medium text-neutral-800">
            {t('audit.object')}
          </label>
          <select
            id={objectId}
            className={selectClass}
            value={objectType}
            onChange={(e) => setObjectType(e.target.value as AuditObjectType | '')}
          >
            <option value="">{t('audit.all')}</option>
            {AUDIT_OBJECT_TYPES.map((o) => (
              <option key={o} value={o}>
                {t(`audit.objects.${o}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <p role="alert">{apiErrorText(query.error, t)}</p>
      ) : !query.data?.length ? (
        <EmptyState title={t('audit.empty')} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('tabs.audit')}</caption>
            <thead className="bg-neutral-50 text-neutral-600">
              <tr>
                {(['when', 'who', 'what', 'object', 'before', 'after', 'reason', 'from'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-medium">
                    {t(`audit.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.map((e) => (
                <tr key={e.id} className="border-t border-neutral-100 align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{date(e.created_at)}</td>
                  <td className="px-3 py-2">{e.operator_name}</td>
                  <td className="px-3 py-2">{t(`audit.actions.${e.action.replace('.', '_')}`)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {t(`audit.objects.${e.object_type}`)} {e.object_id}
                  </td>
                  <td className="px-3 py-2">{change(e.before)}</td>
                  <td className="px-3 py-2">{change(e.after)}</td>
                  <td className="px-3 py-2">{e.reason ?? '—'}</td>
                  <td className="px-3 py-2">{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
