import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, toast } from '@tourdesk/ui';
import { ClipboardList, FileDown } from 'lucide-react';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { useDownloadContract, type ContractProgress } from '../api/request-contract';

/** The share of the bar each step fills: making the PDF is most of the wait, its bytes the rest. */
const progressPercent = (p: ContractProgress): number =>
  p.step === 'render' ? 30 : 30 + Math.round((p.fraction ?? 0.5) * 70);

/** The contract PDF, with the organizer's stamp or without: a progress bar while it is made and arrives. */
function ContractDownload({ request }: { request: BookingRequest }) {
  const { t, i18n } = useTranslation('bookings');
  const toastApiError = useApiErrorToast();
  const [useStamp, setUseStamp] = useState(false);
  const [progress, setProgress] = useState<ContractProgress | null>(null);
  const download = useDownloadContract(request.request_id, i18n.language, setProgress);
  const progressId = useId();
  const stepText = progress ? t(`request.contract.steps.${progress.step}`) : '';
  const percent = progress ? progressPercent(progress) : 0;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-600">{t('request.contract.text')}</p>
      <Checkbox
        checked={useStamp}
        onCheckedChange={(v) => setUseStamp(v === true)}
        label={t('request.contract.useStamp')}
      />
      <div>
        <Button
          variant="outline"
          disabled={download.isPending}
          aria-describedby={download.isPending ? progressId : undefined}
          onClick={() =>
            download.mutate(useStamp, {
              onSuccess: () => toast.success(t('request.contract.done')),
              onError: toastApiError,
              onSettled: () => setProgress(null),
            })
          }
        >
          <FileDown size={16} aria-hidden="true" />
          {t('request.contract.download')}
        </Button>
      </div>
      {download.isPending && progress && (
        <div id={progressId} className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-label={t('request.contract.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={stepText}
            className="relative h-1.5 overflow-hidden rounded-full bg-neutral-200"
          >
            <div
              className="relative h-full overflow-hidden rounded-full bg-primary-600 transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            >
              <div className="absolute inset-y-0 w-1/3 animate-progress bg-white/40 motion-reduce:hidden" />
            </div>
          </div>
          <p className="text-xs text-neutral-600" aria-live="polite">
            {stepText}
          </p>
        </div>
      )}
    </div>
  );
}

/** The request's documents: its contract, and the rooming list of its departure. */
export function DocumentsCard({ orgId, request }: { orgId: number; request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const tourId = request.tour?.id;
  return (
    <Card title={t('request.contract.title')}>
      <div className="flex flex-col gap-5">
        <ContractDownload request={request} />
        {tourId !== undefined && request.tour_date_id !== null && (
          <div className="border-t border-neutral-100 pt-4">
            <Link
              to={`/${orgId}/tours/${tourId}/departures/${request.tour_date_id}/rooming-list`}
              className="inline-flex items-center gap-2 text-sm font-medium text-primary-700 hover:underline"
            >
              <ClipboardList size={16} aria-hidden="true" />
              {t('request.roomingList')}
            </Link>
            <p className="mt-1 text-xs text-neutral-500">{t('request.roomingListText')}</p>
          </div>
        )}
      </div>
    </Card>
  );
}
