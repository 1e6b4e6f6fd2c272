/** The departure feature (issue 29): the manifest on the guide's phone with check-in. */
export { ManifestPage } from './manifest-page';
