import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Spinner, toast } from '@tourdesk/ui';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import type { Language, User } from '@tourdesk/contract/entities/user';
import { useProfile } from '../../features/auth/api/get-profile';
import { userKeys } from '../../features/auth/api/user-keys';
import { useEmailConfirmationRequest } from '../../features/auth/api/email-confirmation-request';
import { toastApiError } from '../../lib/form-errors';
import { AvatarUpload } from '../../features/account/components/avatar-upload';
import { ProfileDetailsForm } from '../../features/account/components/profile-details-form';
import { ProfileEmailForm } from '../../features/account/components/profile-email-form';
import { ProfilePreferences } from '../../features/account/components/profile-preferences';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { NotificationChats } from '../../features/account/components/notification-chats';
import { OtherSessions } from '../../features/account/components/other-sessions';
import { PhoneChangeModal } from '../../features/account/components/phone-change-modal';
import { PhoneConfirmModal } from '../../features/account/components/phone-confirm-modal';
import { changeLanguage } from '../../lib/i18n/i18n';
import { userDisplayName } from '../layouts/user-menu';

function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <Card className="flex flex-col gap-5">
        <div>
          <h2 id={id} className="text-base font-semibold text-neutral-900">
            {title}
          </h2>
          {text && <p className="mt-0.5 text-sm text-neutral-600">{text}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}

function Status({ ok, okText, notText }: { ok: boolean; okText: string; notText: string }) {
  return ok ? (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-success-50 px-2 py-0.5 text-xs font-medium text-success-700 ring-1 ring-success-100">
      <BadgeCheck size={13} aria-hidden="true" />
      {okText}
    </span>
  ) : (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-warning-50 px-2 py-0.5 text-xs font-medium text-warning-800 ring-1 ring-warning-200">
      <CircleAlert size={13} aria-hidden="true" />
      {notText}
    </span>
  );
}

/** /profile: the signed-in user's own account. */
export function ProfilePage() {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user, isPending } = useProfile();
  const [modal, setModal] = useState<'changePhone' | 'confirmPhone' | null>(null);
  const confirmationLink = useEmailConfirmationRequest();
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: userKeys.profile() });
  const putUser = (next: User) => queryClient.setQueryData(userKeys.profile(), next);
  const onLanguage = (language: Language) => changeLanguage(language, i18n);

  if (isPending || !user) {
    return (
      <div className="flex justify-center py-16 text-primary-600">
        <Spinner label={tc('app.loading')} />
      </div>
    );
  }
  const name = userDisplayName(user);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('profile.title')}</h1>
        <p className="text-sm text-neutral-600">{t('profile.subtitle')}</p>
      </header>

      <Section title={t('profile.photo')}>
        <AvatarUpload user={user} name={name} onUser={putUser} />
      </Section>

      <Section title={t('profile.details')}>
        <ProfileDetailsForm user={user} onUser={putUser} />
      </Section>

      <Section title={t('profile.contacts')} text={t('profile.contactsText')}>
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-3">
            <Status
              ok={user.is_email_confirm}
              okText={t('profile.emailConfirmed')}
              notText={user.is_email_set ? t('profile.emailNotConfirmed') : t('profile.emailNotSet')}
            />
            {user.is_email_set && !user.is_email_confirm && (
              <Button
                variant="link"
                size="sm"
                loading={confirmationLink.isPending}
                disabled={confirmationLink.isSuccess}
                onClick={() =>
                  confirmationLink.mutate(undefined, {
                    onSuccess: () => toast.success(t('emailConfirm.sentAgain')),
                    onError: (error) => toastApiError(error, tc),
                  })
                }
              >
                {confirmationLink.isSuccess ? t('emailConfirm.sentAgain') : t('emailConfirm.sendAgain')}
              </Button>
            )}
          </div>
          <ProfileEmailForm user={user} onChanged={refreshUser} />
        </div>
        <div className="flex flex-col gap-2 border-t border-neutral-200 pt-4">
          <span className="text-sm font-medium text-neutral-800">{t('fields.phone')}</span>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-neutral-900 tabular-nums">{user.phone ?? t('phoneConfirm.noPhone')}</span>
              {user.phone && (
                <Status
                  ok={user.is_phone_confirm}
                  okText={t('profile.phoneConfirmed')}
                  notText={t('profile.phoneNotConfirmed')}
                />
              )}
            </span>
            <span className="flex gap-2">
              {user.phone && !user.is_phone_confirm && (
                <Button size="sm" onClick={() => setModal('confirmPhone')}>
                  {t('profile.confirmPhone')}
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setModal('changePhone')}>
                {t('phoneConfirm.change')}
              </Button>
            </span>
          </div>
        </div>
      </Section>

      <Section title={t('profile.preferences')} text={t('profile.preferencesText')}>
        <ProfilePreferences user={user} onUser={putUser} onLanguage={onLanguage} />
      </Section>

      <Section title={t('profile.password')} text={user.is_password_set ? undefined : t('profile.noPassword')}>
        <ChangePasswordForm isPasswordSet={user.is_password_set} onChanged={refreshUser} />
      </Section>

      <Section title={t('sessions.title')} text={t('sessions.text')}>
        <OtherSessions />
      </Section>

      <Section title={t('notifications.title')} text={t('notifications.text')}>
        <NotificationChats />
      </Section>

      <PhoneChangeModal
        open={modal === 'changePhone'}
        phone={user.phone}
        onClose={() => setModal(null)}
        onChanged={refreshUser}
      />
      <PhoneConfirmModal
        open={modal === 'confirmPhone'}
        phone={user.phone}
        onClose={() => setModal(null)}
        onConfirmed={refreshUser}
        onChangePhone={() => setModal('changePhone')}
      />
    </div>
  );
}
