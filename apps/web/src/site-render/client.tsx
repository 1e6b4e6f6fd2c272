import { hydrateRoot, type Root } from 'react-dom/client';
import { SiteApp } from './app';
import type { SiteState } from './types';

/**
 * Hydrates the server-rendered page: reads the state the server embedded and hydrates #site-root
 * with the same tree (the same components and data, so the markup matches). Null when the page
 * has no state (nothing to hydrate).
 */
export const hydrateSite = (doc: Document = document): Root | null => {
  const root = doc.getElementById('site-root');
  const stateText = doc.getElementById('site-state')?.textContent;
  if (!root || !stateText) return null;
  const state = JSON.parse(stateText) as SiteState;
  return hydrateRoot(root, <SiteApp state={state} />);
};
