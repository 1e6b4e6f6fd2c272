/** The general feature's public face: what other features may use of it. */
export { getSiteTokens, loadSiteTokens } from './api/get-site-tokens';
