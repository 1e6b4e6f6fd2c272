import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Input, LoadingState, PasswordInput } from '@tourdesk/ui';
import { OPERATOR_ROLES, type OperatorRole } from '@tourdesk/contract/api/operator-console-routes';
import type { OperatorAccount } from '@tourdesk/contract/api/operator-console';
import { isApiError } from '../../../lib/api/api-error';
import { apiErrorText, fieldMessage, useApiErrorToast } from '../../../lib/form-errors';
import { useCreateOperator, useOperators, useUpdateOperator } from '../api/console-api';

const selectClass = 'h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm';

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: OperatorRole;
  onChange: (role: OperatorRole) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('operator');
  return (
    <select
      aria-label={label}
      className={selectClass}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as OperatorRole)}
    >
      {OPERATOR_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`roles.${r}`)}
        </option>
      ))}
    </select>
  );
}

/** A new operator: the authenticator link is shown here once (no QR library: the link and its secret as text). */
function CreateOperator() {
  const { t } = useTranslation('operator');
  const create = useCreateOperator();
  const roleId = useId();
  const [values, setValues] = useState({ email: '', name: '', password: '', role: 'support' as OperatorRole });
  const [created, setCreated] = useState<{ name: string; uri: string } | null>(null);
  const error = create.error;
  const fieldError = (field: string) => (error ? fieldMessage(error, field, t) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(values, {
      onSuccess: (r) => {
        setCreated({ name: r.operator.name, uri: r.otpauth_uri });
        setValues({ email: '', name: '', password: '', role: 'support' });
      },
    });
  };
  const secret = created ? (new URL(created.uri).searchParams.get('secret') ?? '') : '';
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-semibold text-neutral-900">{t('operators.create')}</h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate aria-label={t('operators.create')}>
        <Field label={t('signIn.email')} error={fieldError('email')}>
          <Input
            type="email"
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          />
        </Field>
        <Field label={t('operators.name')} error={fieldError('name')}>
          <Input value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} />
        </Field>
        <Field label={t('signIn.password')} error={fieldError('password')} hint={t('operators.passwordHint')}>
          <PasswordInput
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
        </Field>
        <div className="flex flex-col gap-1">
          <label htmlFor={roleId} className="text-sm font-medium text-neutral-800">
            {t('operators.role')}
          </label>
          <select
            id={roleId}
            className="h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm"
            value={values.role}
            onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as OperatorRole }))}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        {error && !(isApiError(error) && error.isValidation) ? (
          <p role="alert" className="text-sm text-danger-700 sm:col-span-2">
            {apiErrorText(error, t)}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={create.isPending}>
            {t('operators.createSubmit')}
          </Button>
        </div>
      </form>
      {created ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md border border-warning-300 bg-warning-50 p-3 text-sm"
        >
          <p className="font-semibold">{t('operators.createdOnce', { name: created.name })}</p>
          <p>
            {t('operators.secret')}: <code className="break-all">{secret}</code>
          </p>
          <p>
            {t('operators.link')}: <code className="break-all">{created.uri}</code>
          </p>
        </div>
      ) : null}
    </Card>
  );
}

function OperatorRow({ operator, isSelf }: { operator: OperatorAccount; isSelf: boolean }) {
  const { t } = useTranslation('operator');
  const update = useUpdateOperator();
  const toastError = useApiErrorToast();
  const change = (body: { role?: OperatorRole; is_active?: boolean }) =>
    update.mutate({ operator_id: operator.id, ...body }, { onError: toastError });
  return (
    <tr className="border-t border-neutral-100">
      <td className="px-3 py-2">
        <div className="font-medium text-neutral-900">{operator.name}</div>
        <div className="text-xs text-neutral-500">{operator.email}</div>
      </td>
      <td className="px-3 py-2">
        <RoleSelect
          value={operator.role}
          label={`${t('operators.role')}: ${operator.name}`}
          disabled={isSelf || update.isPending}
          onChange={(role) => change({ role })}
        />
      </td>
      <td className="px-3 py-2">{operator.is_active ? t('operators.active') : t('operators.inactive')}</td>
      <td className="px-3 py-2 text-end">
        {isSelf ? null : (
          <Button
            size="sm"
            variant="outline"
            loading={update.isPending}
            aria-label={`${operator.is_active ? t('operators.deactivate') : t('operators.activate')}: ${operator.name}`}
            onClick={() => change({ is_active: !operator.is_active })}
          >
            {operator.is_active ? t('operators.deactivate') : t('operators.activate')}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The admin's operators screen (issue 30): list, create, change a role, deactivate. */
export function OperatorsScreen({ selfId }: { selfId: number }) {
  const { t } = useTranslation('operator');
  const list = useOperators();
  return (
    <div className="flex flex-col gap-4">
      <CreateOperator />
      {list.isPending ? (
        <LoadingState />
      ) : list.error ? (
        <p role="alert">{apiErrorText(list.error, t)}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('tabs.operators')}</caption>
            <thead className="text-start text-neutral-500">
              <tr>
                <th className="px-3 py-2 text-start font-medium">{t('operators.name')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('operators.role')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('operators.status')}</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody>
              {list.data.map((o) => (
                <OperatorRow key={o.id} operator={o} isSelf={o.id === selfId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
