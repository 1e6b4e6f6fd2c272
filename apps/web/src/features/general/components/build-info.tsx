import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Card, Spinner } from '@tourdesk/ui';
import { useDebugInfo } from '../api/get-debug-info';

export const formatUptime = (t: TFunction, seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return t('time.seconds', { count: s });
  if (s < 3600) return t('time.minutes', { count: Math.floor(s / 60) });
  if (s < 86_400) return t('time.hours', { count: Math.floor(s / 3600) });
  return t('time.days', { count: Math.floor(s / 86_400) });
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-44 shrink-0 text-sm text-neutral-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-neutral-900">{children}</dd>
    </div>
  );
}

export interface BuildInfoProps {
  brand: { id: number; name: string; logo: string; flagUrl: string; country: string };
  buildTimestamp: number;
}

/** Build of the app (defines) and of the server (/crm/api/debug/info). */
export function BuildInfo({ brand, buildTimestamp }: BuildInfoProps) {
  const { t, i18n } = useTranslation('debug');
  const { t: tc } = useTranslation();
  const info = useDebugInfo();
  const format = (ms: number) =>
    `${new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(ms))} (${ms})`;
  return (
    <Card title={t('build')}>
      <dl className="divide-y divide-neutral-100">
        <Row label={t('brand')}>
          <span className="inline-flex items-center gap-2">
            <img src={brand.logo} alt="" width={20} height={20} className="rounded-md" />
            {brand.name} · #{brand.id}
            <img
              src={brand.flagUrl}
              alt={brand.country}
              width={16}
              height={16}
              className="ms-1 rounded-full ring-1 ring-neutral-200"
            />
          </span>
        </Row>
        <Row label={t('clientBuild')}>{buildTimestamp > 0 ? format(buildTimestamp) : t('notSet')}</Row>
        {info.isPending ? (
          <div className="flex justify-center py-4 text-primary-600">
            <Spinner />
          </div>
        ) : info.isError ? (
          <p role="alert" className="my-2 rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
            {t('loadFailed', { message: info.error.message })}
          </p>
        ) : (
          <>
            <Row label={t('serverBuild')}>{format(info.data.timestamp)}</Row>
            <Row label={t('database')}>{info.data.database}</Row>
            <Row label={t('node')}>{info.data.node}</Row>
            <Row label={t('uptime')}>{formatUptime(tc, info.data.uptime_s)}</Row>
          </>
        )}
      </dl>
    </Card>
  );
}
