import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadingState, cn } from '@tourdesk/ui';
import { Code2, ExternalLink, Eye, Settings2 } from 'lucide-react';
import type { Site } from '@tourdesk/contract/entities/site';
import { PAGE_TYPES, type PageType } from '@tourdesk/contract/enum-values';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useOrganizerList } from '../../organizer';
import { useTours } from '../../tour';
import { useFonts, useMockTour, useMockTours, usePreset, useSitePage } from '../api/site';
import { buildPreviewContext } from '../editor/preview-context';
import { SiteSettings } from './site-settings';
import { SiteWidgetDialog } from './site-widget';

const ALL_TOURS = {} as const;

/** Puck (and its drag and drop) loads with the first page, not with the site screen. */
const PageEditor = lazy(() => import('../editor/page-editor').then((m) => ({ default: m.PageEditor })));

/** The editor: a switcher of the three pages, each page in Puck, the site's settings in a side panel. */
export function SiteEditor({ organizerId, site }: { organizerId: number; site: Site }) {
  const { t, i18n } = useTranslation('site');
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const [pageType, setPageType] = useState<PageType>('main');
  const [dirty, setDirty] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [widgetOpen, setWidgetOpen] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);

  const page = useSitePage(organizerId, pageType);
  const sitePage = useSitePage(organizerId, 'site');
  const preset = usePreset(organizerId);
  const fonts = useFonts(organizerId);
  const organizers = useOrganizerList();
  const tours = useTours(organizerId, ALL_TOURS);
  const hasTours = (tours.data?.items ?? []).some((tour) => tour.status === 'published');
  const mockTours = useMockTours(lang, tours.isSuccess && !hasTours);
  const mockTour = useMockTour(lang, tours.isSuccess && !hasTours);
  const organizer = organizers.data?.find((o) => o.id === organizerId);

  const ctx = useMemo(
    () =>
      buildPreviewContext({
        lang,
        site,
        organizer,
        preset: preset.data,
        fonts: fonts.data,
        siteBlocks: pageType === 'site' ? [] : (sitePage.data?.blocks ?? []),
        organizerTours: tours.data?.items,
        mockTours: mockTours.data,
        mockTour: mockTour.data,
      }),
    [
      lang,
      site,
      organizer,
      preset.data,
      fonts.data,
      pageType,
      sitePage.data,
      tours.data,
      mockTours.data,
      mockTour.data,
    ],
  );
  const tourOptions = useMemo(
    // the site shows published tours only: a link or a list of another would lead nowhere
    () =>
      (tours.data?.items ?? [])
        .filter((tour) => tour.status === 'published')
        .map((tour) => ({ id: tour.id, name: tour.name })),
    [tours.data],
  );

  const switchTo = (next: PageType) =>
    guard.confirmLeave(() => {
      setDirty(false);
      setPageType(next);
    });

  const toolbar = (
    <>
      <div role="tablist" aria-label={t('editor.pages')} className="flex rounded-lg bg-neutral-100 p-0.5">
        {PAGE_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={pageType === type}
            onClick={() => pageType !== type && switchTo(type)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-500',
              pageType === type ? 'bg-white text-neutral-900 shadow-sm' : 'text-neutral-600 hover:text-neutral-900',
            )}
          >
            {t(`pages.${type}`)}
          </button>
        ))}
      </div>
      <a
        href={site.url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
      >
        <ExternalLink size={14} aria-hidden="true" /> {t('editor.openSite')}
      </a>
      <a
        href={site.preview_url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
      >
        <Eye size={14} aria-hidden="true" /> {t('editor.preview')}
      </a>
      <Button size="sm" variant="ghost" onClick={() => setWidgetOpen(true)}>
        <Code2 size={14} aria-hidden="true" /> {t('widget.open')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setSettingsOpen(true)}>
        <Settings2 size={14} aria-hidden="true" /> {t('settings.open')}
      </Button>
    </>
  );

  return (
    <div className="flex flex-col">
      {page.data ? (
        <Suspense fallback={<LoadingState />}>
          <PageEditor
            key={pageType}
            organizerId={organizerId}
            page={page.data}
            ctx={ctx}
            tours={tourOptions}
            onDirtyChange={setDirty}
            toolbar={toolbar}
          />
        </Suspense>
      ) : (
        <LoadingState />
      )}
      <SiteSettings organizerId={organizerId} site={site} open={settingsOpen} onOpenChange={setSettingsOpen} />
      <SiteWidgetDialog site={site} tours={tourOptions} open={widgetOpen} onOpenChange={setWidgetOpen} />
      {guard.dialog}
    </div>
  );
}
