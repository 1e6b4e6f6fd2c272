import { useTranslation } from 'react-i18next';
import { Field, Select, toast } from '@tourdesk/ui';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { BASE_SALE_STATUSES, type BaseSaleStatusValue } from '@tourdesk/contract/enum-values';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { useBaseSaleStatuses, useChangeBaseSaleStatus } from '../api/request';

/** The marketplace-side sale status (base-sale-statuses-by-request-id, change-base-sale-status). */
export function SaleStatusSelect({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const statuses = useBaseSaleStatuses(request.request_id);
  const change = useChangeBaseSaleStatus(request.request_id);
  const toastApiError = useApiErrorToast();
  const items = statuses.data?.items ?? [];
  const current = items.find((s) => s.is_current)?.id ?? request.base_sale_status;
  const options = (items.length > 0 ? items.map((s) => s.id) : [...BASE_SALE_STATUSES]).map((id) => ({
    value: String(id),
    text: t(`request.saleStatus.names.${id}`),
  }));
  return (
    <Field label={t('request.saleStatus.label')}>
      <Select
        options={options}
        value={current === null ? null : String(current)}
        placeholder={t('request.saleStatus.none')}
        disabled={statuses.isPending || change.isPending}
        onChange={(v) =>
          v !== null &&
          change.mutate(Number(v) as BaseSaleStatusValue, {
            onSuccess: () => toast.success(t('request.saleStatus.changed')),
            onError: toastApiError,
          })
        }
      />
    </Field>
  );
}
