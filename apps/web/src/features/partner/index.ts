/** The partner feature's public face: what other features may use of it. */
export { PartnerSites, SiteStatusBadge, type PartnerSitesProps } from './components/partner-sites';
