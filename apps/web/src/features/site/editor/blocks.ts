/**
 * The site editor's model: the server's page blocks ⇄ Puck's data, and a failed save's field
 * errors by block and field. Puck keeps each block's `data` fields as its props beside `id`,
 * `settings` and `is_hidden`; arrays of single values (a menu, a gallery) hold `{ value }`
 * objects there, as Puck's array field edits objects only.
 */
import type { ComponentData, Data } from '@puckeditor/core';
import type { TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import {
  SITE_BLOCK_DEFAULT_DATA,
  SITE_BLOCK_DEFAULT_SETTINGS,
  SITE_BLOCK_FIELDS,
  type SiteBlockField,
} from '@tourdesk/contract/entities/site-block-fields.generated';
import { SITE_BLOCK_TYPE, SITE_BLOCK_TYPE_NAMES, type SiteBlockTypeName } from '@tourdesk/contract/enum-values';
import type { CodedMessage } from '@tourdesk/contract/messages';
import { isApiError } from '../../../lib/api/api-error';

/** A block as the editor sends it (save-page-blocks' body takes it as it is). */
export type EditorBlock = TypedSiteBlock;
export type BlockProps = Record<string, unknown> & {
  id: string;
  settings: Record<string, unknown>;
  is_hidden: boolean;
};

/** The zone Puck keeps a page's top-level blocks in. */
export const ROOT_ZONE = 'root:default-zone';

let sequence = 0;
/** A block id unique within the page (the schema's [A-Za-z0-9_-]{1,64}). */
export const newBlockId = (): string =>
  `b${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const scalarArrays = (type: SiteBlockTypeName): SiteBlockField[] =>
  SITE_BLOCK_FIELDS[type].filter((f) => f.kind === 'array' && f.scalar);

/** A block's data as Puck's props (single-value arrays as `{ value }` items). */
export const dataToProps = (type: SiteBlockTypeName, data: Record<string, unknown>): Record<string, unknown> => {
  const props: Record<string, unknown> = { ...SITE_BLOCK_DEFAULT_DATA[type], ...data };
  for (const field of scalarArrays(type))
    props[field.name] = ((props[field.name] as unknown[] | undefined) ?? []).map((value) => ({ value }));
  return props;
};

/** Puck's props of a block back as its data: only the schema's fields, single-value arrays unwrapped. */
export const propsToData = (type: SiteBlockTypeName, props: Record<string, unknown>): Record<string, unknown> => {
  const data: Record<string, unknown> = {};
  for (const field of SITE_BLOCK_FIELDS[type]) {
    const value = props[field.name];
    if (field.kind === 'array' && field.scalar)
      data[field.name] = ((value as { value: unknown }[] | undefined) ?? [])
        .map((item) => item?.value)
        .filter((item) => item !== undefined && item !== null);
    else data[field.name] = value === undefined ? field.default : value;
  }
  return data;
};

/** The page's blocks as Puck's data. */
export const toPuckData = (blocks: readonly TypedSiteBlock[]): Data => ({
  root: { props: {} },
  content: blocks.map((block) => {
    const type = SITE_BLOCK_TYPE_NAMES[block.type];
    return {
      type,
      props: {
        ...dataToProps(type, block.data as Record<string, unknown>),
        id: block.id,
        settings: { ...SITE_BLOCK_DEFAULT_SETTINGS, ...block.settings },
        is_hidden: block.is_hidden,
      },
    };
  }),
});

/** Puck's data as the blocks save-page-blocks takes. */
export const fromPuckData = (data: Partial<Data>): EditorBlock[] =>
  (data.content ?? []).map((item: ComponentData) => {
    const type = item.type as SiteBlockTypeName;
    const props = item.props as BlockProps;
    return {
      id: props.id,
      type: SITE_BLOCK_TYPE[type],
      is_hidden: props.is_hidden === true,
      settings: { ...SITE_BLOCK_DEFAULT_SETTINGS, ...props.settings },
      data: propsToData(type, props),
    } as EditorBlock;
  });

/** A new block of a type, as Puck's default props. */
export const defaultBlockProps = (type: SiteBlockTypeName): Omit<BlockProps, 'id'> => ({
  ...dataToProps(type, {}),
  settings: { ...SITE_BLOCK_DEFAULT_SETTINGS },
  is_hidden: false,
});

/** Two block lists are the same page (the unsaved-changes check). */
export const sameBlocks = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** Field paths of one block: `title`, `items.2.text`, `settings.anchor`; '' for the block itself. */
export type BlockFieldErrors = Record<string, CodedMessage[]>;

/**
 * A 422 of save-page-blocks (`blocks.<i>.data.<field>…`, `blocks.<i>.settings.<field>`) by the
 * id of the block at that index of what was sent and that block's field path. Errors of no block
 * (`blocks` itself: too many) come under ''.
 */
export const blockErrorsOf = (error: unknown, sent: readonly { id: string }[]): Record<string, BlockFieldErrors> => {
  const out: Record<string, BlockFieldErrors> = {};
  if (!isApiError(error) || error.status !== 422) return out;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const match = /^blocks\.(\d+)(?:\.(.*))?$/.exec(path);
    const block = match ? sent[Number(match[1])] : undefined;
    const blockId = block?.id ?? '';
    const rest = match?.[2] ?? (block ? '' : path);
    const field = rest.startsWith('data.') ? rest.slice(5) : rest === 'data' ? '' : rest;
    const target = (out[blockId] ??= {});
    target[field] = [...(target[field] ?? []), ...messages];
  }
  return out;
};

/** Puck names an array item's field `items[2].text`; the server `items.2.text`. */
export const fieldPath = (puckName: string): string => puckName.replace(/\[(\d+)\]/g, '.$1');

/** Errors of a field and of everything under it (an array's items). */
export const errorsAt = (errors: BlockFieldErrors | undefined, path: string): CodedMessage[] =>
  Object.entries(errors ?? {})
    .filter(([p]) => p === path || p.startsWith(`${path}.`))
    .flatMap(([, messages]) => messages);
