import { useTranslation } from 'react-i18next';
import { Button, toast } from '@tourdesk/ui';
import { useLogoutOtherSessions } from '../api/logout-other-sessions';
import { useApiErrorToast } from '../../../lib/form-errors';

/** Profile: sign out of every other browser and device. */
export function OtherSessions() {
  const { t } = useTranslation('account');
  const toastApiError = useApiErrorToast();
  const mutation = useLogoutOtherSessions();
  return (
    <div>
      <Button
        variant="outline"
        loading={mutation.isPending}
        onClick={() =>
          mutation.mutate(undefined, {
            onSuccess: () => toast.success(t('sessions.done')),
            onError: toastApiError,
          })
        }
      >
        {t('sessions.signOutOthers')}
      </Button>
    </div>
  );
}
