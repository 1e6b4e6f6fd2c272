import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Input, LoadingState, Modal, cn, toast } from '@tourdesk/ui';
import { Mail, RotateCw, Trash2, UserPlus, X } from 'lucide-react';
import { MEMBER_ROLES, type MemberRole } from '@tourdesk/contract/team-values';
import type { TeamMember } from '@tourdesk/contract/api/team';
import { QueryErrorState } from '../../components/query-error-state';
import { apiErrorText, fieldMessage, useApiErrorToast } from '../../lib/form-errors';
import {
  useChangeRole,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTeam,
} from './team-api';

/** A role picker: a native select (keyboard and screen readers as they know it). */
function RoleSelect({
  value,
  onChange,
  label,
  disabled,
  id,
}: {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  label?: string;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation('organizer', { keyPrefix: 'team' });
  return (
    <select
      id={id}
      aria-label={label}
      className={cn(
        'h-10 w-auto min-w-36 rounded-lg border border-neutral-300 bg-surface px-3 text-sm text-neutral-900',
        'focus:border-primary-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40 disabled:bg-neutral-100',
      )}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as MemberRole)}
    >
      {MEMBER_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

/** The invite form: an e-mail and a role; the server's field errors show under their fields. */
function InviteForm({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('organizer', { keyPrefix: 'team' });
  const { t: te } = useTranslation();
  const invite = useInvite(organizerId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('manager');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (inv) => {
          toast.success(t('invited', { email: inv.email }));
          setEmail('');
          invite.reset();
        },
      },
    );
  };
  const emailError = fieldMessage(invite.error, 'email', te);
  const roleError = fieldMessage(invite.error, 'role', te);
  const otherError = invite.error && !emailError && !roleError ? apiErrorText(invite.error, te) : undefined;
  return (
    <form onSubmit={submit} aria-labelledby="team-invite-title" className="flex flex-col gap-3" noValidate>
      <h3 id="team-invite-title" className="text-sm font-semibold text-neutral-900">
        {t('inviteTitle')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('email')} error={emailError} required className="min-w-60 flex-1">
          <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label={t('role')} error={roleError}>
          <RoleSelect value={role} onChange={setRole} />
        </Field>
        <Button type="submit" loading={invite.isPending}>
          <UserPlus size={16} aria-hidden="true" />
          {t('invite')}
        </Button>
      </div>
      <p className="text-xs text-neutral-500">
        {t(`roles.${role}`)}: {t(`roleHints.${role}`)}
      </p>
      {otherError && (
        <p role="alert" className="text-sm text-danger-700">
          {otherError}
        </p>
      )}
    </form>
  );
}

/**
 * Settings → Team (issue 29), for the owner: the members with their roles (change one, remove one
 * after a confirmation), the pending invitations (send again, revoke) and the invite form.
 */
export function TeamTab({ organizerId }: { organizerId: number }) {
  const { t, i18n } = useTranslation('organizer', { keyPrefix: 'team' });
  const toastApiError = useApiErrorToast();
  const team = useTeam(organizerId);
  const changeRole = useChangeRole(organizerId);
  const remove = useRemoveMember(organizerId);
  const resend = useResendInvitation(organizerId);
  const revoke = useRevokeInvitation(organizerId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' });
  const dateOf = (iso: string) => day.format(new Date(iso));

  return (
    <Card className="flex flex-col gap-6 px-5 py-6 sm:px-8">
      <div>
        <h2 className="text-base font-semibold text-neutral-900">{t('title')}</h2>
        <p className="mt-1 max-w-2xl text-sm text-neutral-600">{t('text')}</p>
      </div>
      {team.isError ? (
        <QueryErrorState error={team.error} onRetry={() => void team.refetch()} />
      ) : team.isPending ? (
        <LoadingState />
      ) : (
        <>
          <section aria-labelledby="team-members-title" className="flex flex-col gap-2">
            <h3 id="team-members-title" className="text-sm font-semibold text-neutral-900">
              {t('members')}
            </h3>
            <ul
              aria-labelledby="team-members-title"
              className="divide-y divide-neutral-100 rounded-xl border border-neutral-200"
            >
              {team.data.items.map((m) => (
                <li key={m.user_id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-neutral-900">
                      {m.name}
                      {m.is_me && <span className="ms-1 text-neutral-500">({t('you')})</span>}
                    </p>
                    <p className="truncate text-xs text-neutral-500">
                      {m.name !== m.email && `${m.email} · `}
                      {t('joined', { date: dateOf(m.joined_at) })}
                    </p>
                  </div>
                  {m.is_me ? (
                    <span className="text-sm text-neutral-700">{t(`roles.${m.role}`)}</span>
                  ) : (
                    <>
                      <RoleSelect
                        value={m.role}
                        label={t('roleOf', { name: m.name })}
                        disabled={changeRole.isPending}
                        onChange={(role) =>
                          changeRole.mutate(
                            { user_id: m.user_id, role },
                            { onSuccess: () => toast.success(t('roleChanged')), onError: toastApiError },
                          )
                        }
                      />
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-danger-700"
                        aria-label={t('removeMember', { name: m.name })}
                        onClick={() => setRemoving(m)}
                      >
                        <Trash2 size={14} aria-hidden="true" />
                        {t('remove')}
                      </Button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="team-invitations-title" className="flex flex-col gap-2">
            <h3 id="team-invitations-title" className="text-sm font-semibold text-neutral-900">
              {t('invitations')}
            </h3>
            {team.data.invitations.length === 0 ? (
              <p className="text-sm text-neutral-500">{t('noInvitations')}</p>
            ) : (
              <ul
                aria-labelledby="team-invitations-title"
                className="divide-y divide-neutral-100 rounded-xl border border-neutral-200"
              >
                {team.data.invitations.map((inv) => (
                  <li key={inv.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                    <Mail size={16} className="text-neutral-400" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-neutral-900">
                        {inv.email} · {t(`roles.${inv.role}`)}
                      </p>
                      <p className="truncate text-xs text-neutral-500">
                        {inv.invited_by && `${t('invitedBy', { name: inv.invited_by })} · `}
                        {inv.expired ? (
                          <span className="text-danger-700">{t('expired')}</span>
                        ) : (
                          t('expires', { date: dateOf(inv.expires_at) })
                        )}
                      </p>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('resendTo', { email: inv.email })}
                      loading={resend.isPending && resend.variables === inv.id}
                      onClick={() =>
                        resend.mutate(inv.id, { onSuccess: () => toast.success(t('resent')), onError: toastApiError })
                      }
                    >
                      <RotateCw size={14} aria-hidden="true" />
                      {t('resend')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger-700"
                      aria-label={t('revokeTo', { email: inv.email })}
                      loading={revoke.isPending && revoke.variables === inv.id}
                      onClick={() =>
                        revoke.mutate(inv.id, { onSuccess: () => toast.success(t('revoked')), onError: toastApiError })
                      }
                    >
                      <X size={14} aria-hidden="true" />
                      {t('revoke')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <InviteForm organizerId={organizerId} />
      <Modal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        width="dialog"
        title={t('removeTitle')}
        description={t('removeText', { name: removing?.name ?? '' })}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing.user_id, {
                  onSuccess: () => {
                    toast.success(t('removed', { name: removing.name }));
                    setRemoving(null);
                  },
                  onError: toastApiError,
                })
              }
            >
              {t('confirmRemove')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
