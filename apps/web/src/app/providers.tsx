import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Toaster, UiTextsProvider } from '@tourdesk/ui';
import { createRealtimeClient, type RealtimeClient } from '../lib/socket/realtime-client';
import { RealtimeProvider } from '../lib/socket/realtime-context';
import { getChannelsList } from '../features/chat/api/get-channels-list';
import { currentLanguage } from '../lib/i18n/i18n';
import { CaptchaRoot } from './captcha-root';

function KitTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <UiTextsProvider locale={currentLanguage(i18n)}>{children}</UiTextsProvider>;
}

/** After a reconnect the database is the source of truth: refetch everything on screen. */
const createAppRealtimeClient = (queryClient: QueryClient): RealtimeClient =>
  createRealtimeClient({ fetchChannels: () => getChannelsList(), onReconnect: () => void queryClient.invalidateQueries() });

export function AppProviders({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  const [realtime] = useState(() => createAppRealtimeClient(queryClient));
  useEffect(() => () => realtime.stop(), [realtime]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <KitTexts>
          <RealtimeProvider client={realtime}>
            {children}
            <Toaster position="top-right" />
            <CaptchaRoot />
          </RealtimeProvider>
        </KitTexts>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
