import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState } from '@tourdesk/ui';
import { CloudOff } from 'lucide-react';
import { isApiError } from '../lib/api/api-error';
import { apiErrorText } from '../lib/form-errors';

/**
 * What a screen shows when the request its data comes from failed: a 404 is the screen's own
 * "not there" text; anything else is SPEC §8's server message (5xx: 'Server Error'), or the
 * network text, with a retry. Never an endless spinner or an empty list that is not empty.
 */
export function QueryErrorState({
  error,
  onRetry,
  notFound,
  icon,
}: {
  error: unknown;
  onRetry: () => void;
  notFound?: string;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const api = isApiError(error) ? error : null;
  if (api?.status === 404 && notFound) {
    return (
      <Card className="py-8">
        <EmptyState icon={icon ?? <CloudOff size={28} aria-hidden="true" />} title={notFound} />
      </Card>
    );
  }
  const title = apiErrorText(error, t);
  return (
    <Card className="py-8" role="alert">
      <EmptyState
        icon={icon ?? <CloudOff size={28} aria-hidden="true" />}
        title={title}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        }
      />
    </Card>
  );
}
