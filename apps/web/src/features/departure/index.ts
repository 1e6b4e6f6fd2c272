/** The departure feature (issue 29): the calendar of every departure, the manifest on the guide's phone with check-in. */
export { ManifestPage } from './manifest-page';
export { DeparturesPage, DepartureChip } from './departures-page';
export { useDepartureCalendar, departureKeys } from './api/departures';
export { NextDaysStrip } from './next-days-strip';
