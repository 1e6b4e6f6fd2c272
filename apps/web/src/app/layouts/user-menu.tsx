import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  Avatar,
  DropdownMenu,
  DropdownMenuItemPrimitive,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  cn,
} from '@tourdesk/ui';
import { Check, ChevronsUpDown, Languages, LogOut, UserRound } from 'lucide-react';
import type { User } from '@tourdesk/contract/entities/user';
import { LANGUAGES } from '@tourdesk/contract/entities/user-values';
import { useQueryClient } from '@tanstack/react-query';
import { useSignOut } from '../../features/auth/api/sign-out';
import { userKeys } from '../../features/auth/api/user-keys';
import { useSetLanguage } from '../../features/account/api/user-settings';
import { toastApiError } from '../../lib/form-errors';
import { changeLanguage, currentLanguage } from '../../lib/i18n/i18n';

export const userDisplayName = (user: Pick<User, 'first_name' | 'last_name' | 'email' | 'phone'>): string =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || user.phone || '';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 outline-none select-none data-[highlighted]:bg-neutral-100 data-[disabled]:opacity-50';

/** Profile, language switch and logout (the user menu of the default and empty layouts). */
export function UserMenu({ user, compact = false }: { user: User; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut({ onSuccess: () => void navigate('/login') });
  const name = userDisplayName(user);
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  // the account keeps the language too (its e-mails and SMS, the profile's select)
  const saveLanguage = useSetLanguage((next) => queryClient.setQueryData(userKeys.profile(), next));
  const chooseLanguage = (lng: (typeof LANGUAGES)[number]) => {
    void changeLanguage(lng, i18n);
    if (user.language !== lng) saveLanguage.mutate(lng, { onError: (error) => toastApiError(error, t) });
  };
  return (
    <DropdownMenu
      align={compact ? 'end' : 'start'}
      side={compact ? 'bottom' : 'top'}
      className="w-60"
      trigger={
        <button
          type="button"
          className={cn(
            'flex items-center gap-3 rounded-xl text-left transition-colors hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500',
            compact ? 'p-1' : 'w-full px-2 py-2',
          )}
        >
          {/* named by its text (what it is, then the visible name and e-mail), not by a label that hides them */}
          <span className="sr-only">{t('user.menu')}</span>{' '}
          <span aria-hidden="true" className="contents">
            <Avatar name={name || '?'} src={user.avatar ?? undefined} size={compact ? 32 : 36} />
          </span>
          {!compact && (
            <>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-neutral-900">{name}</span>
                {user.email && <span className="block truncate text-xs text-neutral-500">{user.email}</span>}
              </span>
              <ChevronsUpDown size={16} className="shrink-0 text-neutral-400" aria-hidden="true" />
            </>
          )}
        </button>
      }
    >
      <DropdownMenuLabel className="px-3 pt-2 pb-1 text-xs font-medium text-neutral-500">{name}</DropdownMenuLabel>
      <DropdownMenuItemPrimitive className={itemClass} onSelect={() => void navigate('/profile')}>
        <UserRound size={16} aria-hidden="true" />
        {t('user.profile')}
      </DropdownMenuItemPrimitive>
      <DropdownMenuSeparator className="my-1 h-px bg-neutral-200" />
      <DropdownMenuLabel className="flex items-center gap-2 px-3 pt-1.5 pb-1 text-xs font-medium text-neutral-500">
        <Languages size={14} aria-hidden="true" />
        {t('user.language')}
      </DropdownMenuLabel>
      {LANGUAGES.map((lng) => (
        <DropdownMenuItemPrimitive key={lng} lang={lng} className={itemClass} onSelect={() => chooseLanguage(lng)}>
          <span className="flex-1">{t(`languages.${lng}`)}</span>
          {language === lng && <Check size={16} className="text-primary-600" aria-hidden="true" />}
        </DropdownMenuItemPrimitive>
      ))}
      <DropdownMenuSeparator className="my-1 h-px bg-neutral-200" />
      <DropdownMenuItemPrimitive className={cn(itemClass, 'text-danger-600')} onSelect={() => signOut.mutate()}>
        <LogOut size={16} aria-hidden="true" />
        {t('user.logout')}
      </DropdownMenuItemPrimitive>
    </DropdownMenu>
  );
}
