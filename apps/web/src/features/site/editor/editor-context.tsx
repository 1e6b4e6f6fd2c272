import { createContext, useContext } from 'react';
import type { BlockFieldErrors } from './blocks';

/** What the editor's custom fields and previews read beside Puck's own state. */
export interface SiteEditorContextValue {
  organizerId: number;
  /** the organizer's tours to pick from (tour ids, booking links) */
  tours: readonly { id: number; name: string }[];
  /** the last failed save's errors by block id */
  errors: Record<string, BlockFieldErrors>;
}

export const SiteEditorContext = createContext<SiteEditorContextValue | null>(null);

export const useSiteEditorContext = (): SiteEditorContextValue => {
  const value = useContext(SiteEditorContext);
  if (!value) throw new Error('useSiteEditorContext outside the site editor');
  return value;
};
