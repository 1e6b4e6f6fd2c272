/**
 * The tour map on Leaflet: loaded only by LocationField's dynamic import, so Leaflet and its CSS
 * stay out of the editor's first load. Imperative: the field owns the values, the map shows them
 * and reports a click or a dragged pin.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export interface MapPoint {
  lat: number;
  lng: number;
}

export interface LocationMapOptions {
  point: MapPoint | null;
  /** tile URL template ({z}/{x}/{y}) and its plain-text attribution, from /spa/site-tokens */
  tilesUrl: string;
  attribution: string;
  /** the pin's accessible name */
  pinLabel: string;
  onPick: (point: MapPoint) => void;
  /** true when no tile has loaded and one failed (no internet, a wrong URL): the map stays grey */
  onTilesFailed: (failed: boolean) => void;
}

export interface LocationMap {
  setPoint: (point: MapPoint | null) => void;
  destroy: () => void;
}

/** Where the map opens without a point: the brands' main destinations. */
const HOME: L.LatLngTuple = [50, 70];
const HOME_ZOOM = 3;
const POINT_ZOOM = 10;
/** Six decimals: about ten centimetres, more than a meeting point needs. */
const round = (v: number): number => Math.round(v * 1e6) / 1e6;
const toPoint = (ll: L.LatLng): MapPoint => {
  const wrapped = ll.wrap();
  return { lat: round(wrapped.lat), lng: round(wrapped.lng) };
};
const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A pin drawn with CSS and SVG: no image files to resolve (Leaflet's default icon needs them). */
const pinIcon = L.divIcon({
  className: 'tour-map-pin',
  html:
    '<svg width="30" height="40" viewBox="0 0 30 40" aria-hidden="true" style="filter:drop-shadow(0 2px 2px rgb(0 0 0 / .35))">' +
    '<path d="M15 1C7.3 1 1 7.1 1 14.7 1 25 15 39 15 39s14-14 14-24.3C29 7.1 22.7 1 15 1z" fill="var(--color-primary-600, #2563eb)" stroke="#fff" stroke-width="2"/>' +
    '<circle cx="15" cy="14.5" r="5" fill="#fff"/></svg>',
  iconSize: [30, 40],
  iconAnchor: [15, 39],
});

export const createLocationMap = (element: HTMLElement, options: LocationMapOptions): LocationMap => {
  const map = L.map(element, {
    center: options.point ? [options.point.lat, options.point.lng] : HOME,
    zoom: options.point ? POINT_ZOOM : HOME_ZOOM,
    worldCopyJump: true,
    // arrows pan and +/- zoom once the map has focus; the coordinates stay the keyboard's way to a point
    keyboard: true,
  });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');

  let loaded = 0;
  let failed = false;
  const tiles = L.tileLayer(options.tilesUrl, {
    maxZoom: 18,
    attribution: escapeHtml(options.attribution),
  });
  tiles.on('tileload', () => {
    loaded += 1;
    if (failed) options.onTilesFailed((failed = false));
  });
  tiles.on('tileerror', () => {
    if (loaded === 0 && !failed) options.onTilesFailed((failed = true));
  });
  tiles.addTo(map);

  let marker: L.Marker | null = null;
  const place = (point: MapPoint | null, pan: boolean) => {
    if (!point) {
      marker?.remove();
      marker = null;
      return;
    }
    const at: L.LatLngTuple = [point.lat, point.lng];
    if (!marker) {
      marker = L.marker(at, {
        icon: pinIcon,
        draggable: true,
        keyboard: false,
        title: options.pinLabel,
        alt: options.pinLabel,
      });
      marker.on('dragend', () => marker && options.onPick(toPoint(marker.getLatLng())));
      marker.addTo(map);
    } else marker.setLatLng(at);
    if (pan && !map.getBounds().contains(at)) map.setView(at, Math.max(map.getZoom(), POINT_ZOOM));
  };
  place(options.point, false);
  map.on('click', (event: L.LeafletMouseEvent) => options.onPick(toPoint(event.latlng)));

  // a container that changes size (a phone turned, a section opened) redraws its tiles
  const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
  resized?.observe(element);

  return {
    setPoint: (point) => place(point, true),
    destroy: () => {
      resized?.disconnect();
      map.remove();
    },
  };
};
