import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Toaster, UiTextsProvider } from '@tourdesk/ui';
import { currentLanguage } from '../lib/i18n/i18n';
import { CaptchaRoot } from './captcha-root';

function KitTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <UiTextsProvider locale={currentLanguage(i18n)}>{children}</UiTextsProvider>;
}

/**
 * What every screen has, a guest's included. The query cache and the real-time socket belong to
 * the signed-in shell (signed-in-shell.tsx) and to the screens that load them.
 */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <KitTexts>
        {children}
        <Toaster position="top-right" />
        <CaptchaRoot />
      </KitTexts>
    </I18nextProvider>
  );
}
