import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Textarea, toast } from '@tourdesk/ui';
import { Copy } from 'lucide-react';
import type { Site } from '@tourdesk/contract/entities/site';

const SELECT_CLASS =
  'h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary-500';

export type WidgetMode = 'overlay' | 'inline';
export type WidgetLang = '' | 'en' | 'ru';

/**
 * The booking widget's snippet (issue 27; the server's site-web.widget.ts reads these
 * attributes): the site's widget.js with the tour, and the mode and language when chosen.
 */
export const widgetSnippet = (siteUrl: string, tourId: number, mode: WidgetMode, lang: WidgetLang): string => {
  const attrs = [`src="${siteUrl.replace(/\/+$/, '')}/widget.js"`, `data-tour="${tourId}"`];
  if (mode === 'inline') attrs.push('data-mode="inline"');
  if (lang) attrs.push(`data-lang="${lang}"`);
  return `<script ${attrs.join(' ')} async></script>`;
};

/** The "Widget" dialog of the site editor: a tour, a mode and a language → the snippet to copy. */
export function SiteWidgetDialog({
  site,
  tours,
  open,
  onOpenChange,
}: {
  site: Site;
  tours: { id: number; name: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('site');
  const id = useId();
  const [tourId, setTourId] = useState<number | null>(null);
  const [mode, setMode] = useState<WidgetMode>('overlay');
  const [lang, setLang] = useState<WidgetLang>('');
  const chosen = tours.find((tour) => tour.id === tourId) ?? tours[0] ?? null;
  const snippet = chosen ? widgetSnippet(site.url, chosen.id, mode, lang) : '';
  const published = site.status === 'published';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(t('widget.copied'));
    } catch {
      toast.error(t('widget.copyFailed'));
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('widget.title')} description={t('widget.lead')}>
      {chosen === null ? (
        <p className="text-sm text-neutral-600">{t('widget.noTours')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-tour`} className="text-sm font-medium text-neutral-900">
              {t('widget.tour')}
            </label>
            <select
              id={`${id}-tour`}
              className={SELECT_CLASS}
              value={chosen.id}
              onChange={(e) => setTourId(Number(e.target.value))}
            >
              {tours.map((tour) => (
                <option key={tour.id} value={tour.id}>
                  {tour.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-mode`} className="text-sm font-medium text-neutral-900">
                {t('widget.mode')}
              </label>
              <select
                id={`${id}-mode`}
                className={SELECT_CLASS}
                value={mode}
                onChange={(e) => setMode(e.target.value as WidgetMode)}
              >
                <option value="overlay">{t('widget.modeOverlay')}</option>
                <option value="inline">{t('widget.modeInline')}</option>
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-lang`} className="text-sm font-medium text-neutral-900">
                {t('widget.lang')}
              </label>
              <select
                id={`${id}-lang`}
                className={SELECT_CLASS}
                value={lang}
                onChange={(e) => setLang(e.target.value as WidgetLang)}
              >
                <option value="">{t('widget.langPage')}</option>
                <option value="en">English</option>
                <option value="ru">Русский</option>
              </select>
            </div>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-code`} className="text-sm font-medium text-neutral-900">
              {t('widget.code')}
            </label>
            <Textarea
              id={`${id}-code`}
              readOnly
              rows={3}
              value={snippet}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
              aria-describedby={`${id}-hint`}
            />
            <p id={`${id}-hint`} className="text-sm text-neutral-600">
              {t(published ? 'widget.hint' : 'widget.unpublished')}
            </p>
          </div>
          <div>
            <Button onClick={() => void copy()}>
              <Copy size={15} aria-hidden="true" />
              {t('widget.copy')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
