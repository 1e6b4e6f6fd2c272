export { DeparturesPage, DepartureChip } from './departures-page';
export { useDepartureCalendar, departureKeys } from './api/departures';
export { NextDaysStrip } from './next-days-strip';
