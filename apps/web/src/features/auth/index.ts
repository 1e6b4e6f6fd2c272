/** The auth feature's public face: what other features may use of it. */
export { useProfile } from './api/get-profile';
