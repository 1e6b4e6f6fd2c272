import type { ComponentConfig, Config } from '@puckeditor/core';
import type { TFunction } from 'i18next';
import { SITE_PAGE_BLOCKS } from '@tourdesk/contract/entities/site-values';
import { SITE_BLOCK_FIELDS, SITE_BLOCK_SETTINGS_FIELDS } from '@tourdesk/contract/entities/site-block-fields.generated';
import type { PageType, SiteBlockTypeName } from '@tourdesk/contract/enum-values';
import { defaultBlockProps, propsToData, type BlockProps } from './blocks';
import { puckFieldOf, puckFieldsOf } from './fields';

/** How the preview draws one block (the public renderer's BlockView). */
export type RenderBlock = (block: {
  id: string;
  type: SiteBlockTypeName;
  data: Record<string, unknown>;
  settings: Record<string, unknown>;
  hidden: boolean;
}) => React.ReactElement;

/**
 * Puck's configuration of one page: a component per block type the page takes (SITE_PAGE_BLOCKS),
 * its fields from the generated descriptions, then the block's settings and whether it is hidden.
 */
export const buildPuckConfig = (pageType: PageType, t: TFunction, renderBlock: RenderBlock): Config => {
  const components: Record<string, ComponentConfig> = {};
  for (const type of SITE_PAGE_BLOCKS[pageType]) {
    components[type] = {
      label: t(`site:blocks.${type}`),
      fields: {
        ...puckFieldsOf(t, SITE_BLOCK_FIELDS[type]),
        settings: {
          type: 'object',
          label: t('site:fields.settings'),
          objectFields: puckFieldsOf(t, SITE_BLOCK_SETTINGS_FIELDS),
        },
        is_hidden: puckFieldOf(t, { name: 'is_hidden', kind: 'boolean', default: false }),
      },
      defaultProps: defaultBlockProps(type),
      render: (props) => {
        const { id, settings, is_hidden } = props as unknown as BlockProps;
        return renderBlock({ id, type, data: propsToData(type, props), settings, hidden: is_hidden });
      },
    };
  }
  return {
    components,
    // the page has no fields of its own (Puck's default root field is a "title")
    root: { fields: {} },
    categories: {
      blocks: { title: t('site:editor.blocks'), components: [...SITE_PAGE_BLOCKS[pageType]] },
    },
  } as Config;
};
