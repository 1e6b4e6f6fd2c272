import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, cn } from '@tourdesk/ui';
import { MapPinOff } from 'lucide-react';
import { NumberField } from '../../../lib/form/fields';
import { errorAt } from '../../../lib/form/paths';
import { loadSiteTokens } from '../../general';
import type { LocationMap, MapPoint } from './location-map';

/** The tiles when the server names none (an older server): OpenStreetMap's, as its default. */
const DEFAULT_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_ATTRIBUTION = '© OpenStreetMap contributors';

/** The point the values make, or null while either is blank, not a number or out of range. */
export const pointOf = (lat: unknown, lng: unknown): MapPoint | null =>
  typeof lat === 'number' &&
  typeof lng === 'number' &&
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180
    ? { lat, lng }
    : null;

type MapState = 'waiting' | 'loading' | 'ready' | 'failed';

/**
 * The map under the coordinates: Leaflet (./location-map) is imported only once the map is near
 * the screen, with the tile URL of /spa/site-tokens. Whatever fails — Leaflet, the tokens, every
 * tile — the field goes on working with typed coordinates; the map then says so.
 */
function LazyMap({ point, onPick, label }: { point: MapPoint | null; onPick: (p: MapPoint) => void; label: string }) {
  const { t } = useTranslation('tours');
  const container = useRef<HTMLDivElement | null>(null);
  const map = useRef<LocationMap | null>(null);
  // near the screen (or no IntersectionObserver to tell): the map loads once, and lives until unmounted
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [state, setState] = useState<MapState>(near ? 'loading' : 'waiting');
  const [tilesFailed, setTilesFailed] = useState(false);
  // the latest point and handler, read by the map's own events
  const latest = useRef({ point, onPick });
  useLayoutEffect(() => {
    latest.current = { point, onPick };
  });

  // start loading when the map comes near the screen
  useEffect(() => {
    const el = container.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setNear(true);
          setState('loading');
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let made: LocationMap | null = null;
    Promise.all([import('./location-map'), loadSiteTokens().catch(() => null)])
      .then(([{ createLocationMap }, tokens]) => {
        if (cancelled || !container.current) return;
        made = createLocationMap(container.current, {
          point: latest.current.point,
          tilesUrl: tokens?.map_tiles_url || DEFAULT_TILES_URL,
          attribution: tokens?.map_tiles_attribution || DEFAULT_ATTRIBUTION,
          pinLabel: label,
          onPick: (p) => latest.current.onPick(p),
          onTilesFailed: (failed) => !cancelled && setTilesFailed(failed),
        });
        map.current = made;
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      map.current = null;
      try {
        made?.destroy();
      } catch {
        // a map that failed half-way has nothing more to free
      }
    };
    // the map is made once; the point follows below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near]);

  useEffect(() => {
    try {
      map.current?.setPoint(point);
    } catch {
      // the map is a convenience: the typed coordinates are the value
    }
  }, [point?.lat, point?.lng, state]); // eslint-disable-line react-hooks/exhaustive-deps

  const note =
    state === 'failed' ? t('location.mapFailed') : state === 'ready' && tilesFailed ? t('location.tilesFailed') : null;
  return (
    // isolate: Leaflet's panes and controls (z-index 400–1000) stay under the save bar, dropdowns and dialogs
    <div className="relative isolate overflow-hidden rounded-xl border border-neutral-200 bg-neutral-100">
      <div
        ref={container}
        role="group"
        aria-label={t('location.map')}
        data-state={state}
        className="h-72 w-full bg-neutral-100 sm:h-80"
      />
      {(state === 'waiting' || state === 'loading') && (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-neutral-600">
          {t('location.loading')}
        </p>
      )}
      {note && (
        <p
          role="status"
          className="absolute inset-x-2 bottom-7 z-[1000] rounded-lg bg-surface/95 px-3 py-2 text-xs text-neutral-700 shadow-sm"
        >
          {note}
        </p>
      )}
    </div>
  );
}

export interface LocationFieldProps {
  /** form paths of the latitude and longitude: numbers (−90…90, −180…180) or null */
  latName: string;
  lngName: string;
  label: string;
  description?: string;
  className?: string;
}

/**
 * A point (the tour's lat and lng): two number inputs, always working and the keyboard's way, and
 * a map that loads lazily to pick the point by a click or by dragging the pin. The values are the
 * request's numbers (null when blank); the form's rules (TOUR_FIELD_RULES: −90…90, −180…180)
 * report a typed value out of range on its input.
 */
export function LocationField({ latName, lngName, label, description, className }: LocationFieldProps) {
  const { t } = useTranslation('tours');
  const { control, setValue, formState } = useFormContext();
  const [lat, lng] = useWatch({ control, name: [latName, lngName] }) as [unknown, unknown];
  const point = pointOf(lat, lng);
  const titleId = useId();
  const hasError = Boolean(errorAt(formState.errors, latName) ?? errorAt(formState.errors, lngName));
  const put = (next: MapPoint | null) => {
    // checked at once only when a message is showing, as the form re-checks after a failed save
    const options = { shouldDirty: true, shouldValidate: hasError };
    setValue(latName, next?.lat ?? null, options);
    setValue(lngName, next?.lng ?? null, options);
  };
  return (
    <div role="group" aria-labelledby={titleId} className={cn('flex min-w-0 flex-col gap-3 sm:col-span-2', className)}>
      <div>
        <span id={titleId} className="text-sm font-medium text-neutral-800">
          {label}
        </span>
        <p className="text-xs text-neutral-500">{description ?? t('location.hint')}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <NumberField name={latName} label={t('location.lat')} decimal placeholder="51.7904" />
        <NumberField name={lngName} label={t('location.lng')} decimal placeholder="85.7229" />
        {(lat !== null && lat !== undefined) || (lng !== null && lng !== undefined) ? (
          <Button variant="ghost" size="sm" className="justify-self-start sm:mt-7" onClick={() => put(null)}>
            <MapPinOff size={15} aria-hidden="true" />
            {t('location.clear')}
          </Button>
        ) : null}
      </div>
      <LazyMap point={point} onPick={put} label={label} />
    </div>
  );
}
