import type { SiteBlockOf } from '@tourdesk/contract/entities/site-blocks';
import type { SiteBlockTypeName } from '@tourdesk/contract/enum-values';
import type { SiteRenderContext } from '../types';

export interface BlockProps<N extends SiteBlockTypeName> {
  block: SiteBlockOf<N>;
  ctx: SiteRenderContext;
}
