import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import { versionQueryOptions } from '../api/get-version';

/**
 * SPEC §4: every 30 s compare /meta/version.json with the build's own timestamp (in development,
 * with the first one fetched); a new one shows a toast offering a reload, once per version.
 */
export function VersionCheck({ buildTimestamp = __BUILD_TIMESTAMP__, reload = () => window.location.reload() }: { buildTimestamp?: number; reload?: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(versionQueryOptions());
  const baseline = useRef<number | null>(buildTimestamp > 0 ? buildTimestamp : null);
  const announced = useRef<number | null>(null);

  useEffect(() => {
    if (!data) return;
    if (baseline.current === null) {
      baseline.current = data.timestamp;
      return;
    }
    if (data.timestamp !== baseline.current && data.timestamp !== announced.current) {
      announced.current = data.timestamp;
      toast.info({ title: t('version.title'), text: t('version.text'), buttons: [{ label: t('version.reload'), onClick: reload }], closeDelay: Infinity });
    }
  }, [data, t, reload]);

  return null;
}
