/** The organizer feature's public face: what other features may use of it. */
export { dashboardQueryOptions, getDashboard, useDashboard } from './api/get-dashboard';
export { getPartners, partnersQueryOptions, usePartners } from './api/get-partners';
export { useOrganizerList, organizerListQueryOptions } from './api/get-organizer-list';
