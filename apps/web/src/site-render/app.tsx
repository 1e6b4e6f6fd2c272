import { SiteViewPage } from './page';
import { contextOf, type SiteState } from './types';

/** The whole page from its state: the server renders it, the browser hydrates the same tree. */
export function SiteApp({ state }: { state: SiteState }) {
  return <SiteViewPage ctx={contextOf(state)} view={state.view} />;
}
