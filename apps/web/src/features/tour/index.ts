/** The tour feature's public face: what other features may use of it. */
export { listTours, useTours, type TourListFilters } from './api/list-tours';
export { useTourDatesPage } from './api/tour-dates';
export { tourPricesQueryOptions } from './api/tour-prices';
