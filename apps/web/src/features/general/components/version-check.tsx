import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import { VERSION_CHECK_INTERVAL_MS } from '@tourdesk/contract/constants';
import { getVersion, type VersionInfo } from '../api/get-version';

/**
 * SPEC §4: every 30 s compare /meta/version.json with the build's own timestamp (in development,
 * with the first one fetched); a new one shows a toast offering a reload, once per version.
 * A hidden tab does not poll (it checks when it is shown again). Plain timers, not the query
 * cache: the check runs on the sign-in screen too, which does not load TanStack Query.
 */
export function VersionCheck({
  buildTimestamp = __BUILD_TIMESTAMP__,
  reload = () => window.location.reload(),
}: {
  buildTimestamp?: number;
  reload?: () => void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<VersionInfo | null>(null);
  const baseline = useRef<number | null>(buildTimestamp > 0 ? buildTimestamp : null);
  const announced = useRef<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const poll = () => {
      if (document.visibilityState === 'hidden') return;
      getVersion(controller.signal).then(setData, () => undefined);
    };
    poll();
    const timer = window.setInterval(poll, VERSION_CHECK_INTERVAL_MS);
    const onVisible = () => document.visibilityState === 'visible' && poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    if (!data) return;
    if (baseline.current === null) {
      baseline.current = data.timestamp;
      return;
    }
    if (data.timestamp !== baseline.current && data.timestamp !== announced.current) {
      announced.current = data.timestamp;
      toast.info({
        title: t('version.title'),
        text: t('version.text'),
        buttons: [{ label: t('version.reload'), onClick: reload }],
        closeDelay: Infinity,
      });
    }
  }, [data, t, reload]);

  return null;
}
