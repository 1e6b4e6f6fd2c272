/**
 * Generates src/entities/site-block-fields.generated.ts: the site editor's field descriptions,
 * read off the zod block schemas (src/entities/site-blocks.ts) so the browser gets them without
 * zod. Run `npm run gen:site-block-fields` after changing a block schema; the contract test
 * src/entities/site-block-fields.test.ts regenerates in memory and fails when the file is stale.
 *
 * The walk reads zod 4's definitions (`_zod.def`): wrappers (default, prefault, nullable,
 * optional, pipe) are unwrapped, string and number checks give the limits, and the contract's
 * shared shapes (media, link, menu item, tour ids, the text block's rich text) become their own
 * kinds, which the editor shows with custom fields.
 */
import type { z } from 'zod';
import { format, resolveConfig } from 'prettier';
import { SITE_BLOCK_TYPE, type SiteBlockTypeName } from '../src/enum-values';
import { blockLinkSchema, blockMediaSchema } from '../src/entities/site';
import { blockMenuItemSchema, siteBlockDataSchemas, siteBlockSettingsSchema } from '../src/entities/site-blocks';

export const GENERATED_PATH = 'src/entities/site-block-fields.generated.ts';

type Kind =
  'text' | 'textarea' | 'number' | 'boolean' | 'select' | 'media' | 'link' | 'menu-item' | 'array' | 'ids' | 'richtext';

/** One editor field (the same shape the generated file declares). */
export interface FieldDescription {
  name: string;
  kind: Kind;
  nullable?: boolean;
  /** text: the longest it may be; array: the most items */
  max?: number;
  /** number: the least; text: the shortest */
  min?: number;
  integer?: boolean;
  options?: readonly string[];
  /** array: the fields of one item (an object item), or a single field named `value` (a scalar item) */
  of?: readonly FieldDescription[];
  /** array: each item is the one `value` field of `of`, not an object */
  scalar?: boolean;
  default?: unknown;
}

/** Fields whose text is long enough to want several lines. */
const TEXTAREA_FROM = 300;

interface Def {
  type: string;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string>;
  checks?: {
    _zod: {
      def: { check: string; value?: number; maximum?: number; minimum?: number; inclusive?: boolean; format?: string };
    };
  }[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under defaults, nullability and pipes, and what those say. */
const unwrap = (schema: z.ZodType): { core: z.ZodType; nullable: boolean; default: unknown; hasDefault: boolean } => {
  let core = schema;
  let nullable = false;
  let hasDefault = false;
  let value: unknown;
  for (;;) {
    const def = defOf(core);
    if (def.type === 'default' || def.type === 'prefault') {
      if (!hasDefault) {
        hasDefault = true;
        value = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
      }
      core = def.innerType!;
    } else if (def.type === 'nullable' || def.type === 'optional') {
      if (def.type === 'nullable') nullable = true;
      core = def.innerType!;
    } else if (def.type === 'pipe') core = def.in!;
    else break;
  }
  return { core, nullable, default: value, hasDefault };
};

/** Checks of every layer of the schema (a pipe's min length is on its `out`). */
const checksOf = (schema: z.ZodType): NonNullable<Def['checks']> => {
  const all: NonNullable<Def['checks']> = [];
  let current: z.ZodType | undefined = schema;
  while (current) {
    const def = defOf(current);
    all.push(...(def.checks ?? []));
    if (def.type === 'pipe') {
      all.push(...checksOf(def.out!));
      current = def.in;
    } else current = def.innerType;
  }
  return all;
};

const limits = (schema: z.ZodType): Pick<FieldDescription, 'max' | 'min' | 'integer'> => {
  const out: Pick<FieldDescription, 'max' | 'min' | 'integer'> = {};
  for (const check of checksOf(schema)) {
    const def = check._zod.def;
    if (def.check === 'max_length') out.max = Math.min(out.max ?? Infinity, def.maximum!);
    else if (def.check === 'min_length') out.min = Math.max(out.min ?? 0, def.minimum!);
    else if (def.check === 'less_than') out.max = def.value!;
    else if (def.check === 'greater_than') out.min = def.value!;
    else if (def.check === 'number_format' && /int/.test(def.format ?? '')) out.integer = true;
  }
  return out;
};

const isIdArray = (element: z.ZodType): boolean => {
  const def = defOf(element);
  return def.type === 'number' && limits(element).integer === true && (limits(element).min ?? 0) >= 0;
};

const describe = (name: string, schema: z.ZodType): FieldDescription => {
  const { core, nullable, default: value, hasDefault } = unwrap(schema);
  const def = defOf(core);
  const base: FieldDescription = { name, kind: 'text' };
  if (nullable) base.nullable = true;
  if (hasDefault) base.default = value;
  const field = ((): FieldDescription => {
    if (core === (blockMediaSchema as z.ZodType)) return { ...base, kind: 'media' };
    if (core === (blockLinkSchema as z.ZodType)) return { ...base, kind: 'link' };
    if (core === (blockMenuItemSchema as z.ZodType)) return { ...base, kind: 'menu-item' };
    switch (def.type) {
      case 'string': {
        const { max, min } = limits(schema);
        const isUrl = (def as { format?: string }).format === 'url';
        const kind = name === 'html' ? 'richtext' : !isUrl && (max ?? Infinity) > TEXTAREA_FROM ? 'textarea' : 'text';
        return { ...base, kind, ...(max !== undefined ? { max } : {}), ...(min ? { min } : {}) };
      }
      case 'number':
        return { ...base, kind: 'number', ...limits(core) };
      case 'boolean':
        return { ...base, kind: 'boolean' };
      case 'enum':
        return { ...base, kind: 'select', options: Object.values(def.entries!) };
      case 'array': {
        const { max } = limits(core);
        const element = def.element!;
        if (isIdArray(element)) return { ...base, kind: 'ids', ...(max !== undefined ? { max } : {}) };
        const elementCore = unwrap(element).core;
        const shape = defOf(elementCore).shape;
        const isShared = [blockMediaSchema, blockLinkSchema, blockMenuItemSchema].includes(elementCore as never);
        const of = shape && !isShared ? describeObject(shape) : [describe('value', element)];
        return {
          ...base,
          kind: 'array',
          of,
          ...(shape && !isShared ? {} : { scalar: true }),
          ...(max !== undefined ? { max } : {}),
        };
      }
      default:
        throw new Error(`gen-site-block-fields: no editor field for ${name} (${def.type})`);
    }
  })();
  return field;
};

const describeObject = (shape: Record<string, z.ZodType>): FieldDescription[] =>
  Object.entries(shape).map(([name, schema]) => describe(name, schema));

const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> => defOf(schema).shape!;

/** The descriptions of every block type's data, its settings and their empty defaults. */
export const siteBlockFieldDescriptions = () => {
  const names = Object.keys(SITE_BLOCK_TYPE) as SiteBlockTypeName[];
  return {
    fields: Object.fromEntries(names.map((n) => [n, describeObject(shapeOf(siteBlockDataSchemas[n]))])),
    defaults: Object.fromEntries(names.map((n) => [n, siteBlockDataSchemas[n].parse({})])),
    settingsFields: describeObject(shapeOf(siteBlockSettingsSchema)),
    settingsDefaults: siteBlockSettingsSchema.parse({}),
  };
};

const HEADER = `/**
 * GENERATED by packages/contract/scripts/gen-site-block-fields.ts from ./site-blocks.ts: do not edit.
 * Run \`npm run gen:site-block-fields\` after changing a block schema (a contract test fails while
 * this file is stale). Free of zod: the site editor builds its fields from these descriptions.
 */
import type { SiteBlockTypeName } from '../enum-values';

export type SiteBlockFieldKind = ${[
  'text',
  'textarea',
  'number',
  'boolean',
  'select',
  'media',
  'link',
  'menu-item',
  'array',
  'ids',
  'richtext',
]
  .map((k) => `'${k}'`)
  .join(' | ')};

/** One field of a block's data (or settings), in the order of the schema. */
export interface SiteBlockField {
  name: string;
  kind: SiteBlockFieldKind;
  /** the value may be null (media, links): empty */
  nullable?: boolean;
  /** text: the longest it may be; number: the greatest; array, ids: the most items */
  max?: number;
  /** number: the least; text: the shortest */
  min?: number;
  /** number: whole numbers only */
  integer?: boolean;
  /** select: the values */
  options?: readonly string[];
  /** array: the fields of one item; with \`scalar\` the item is the value of its one field */
  of?: readonly SiteBlockField[];
  scalar?: boolean;
  default?: unknown;
}
`;

/** The generated module's source, formatted as the repository's prettier would. */
export const renderSiteBlockFields = async (filepath: string): Promise<string> => {
  const { fields, defaults, settingsFields, settingsDefaults } = siteBlockFieldDescriptions();
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const source = `${HEADER}
/** Each block type's data fields. */
export const SITE_BLOCK_FIELDS: Record<SiteBlockTypeName, readonly SiteBlockField[]> = ${json(fields)};

/** Each block type's empty data: what \`{}\` parses to. */
export const SITE_BLOCK_DEFAULT_DATA: Record<SiteBlockTypeName, Record<string, unknown>> = ${json(defaults)};

/** The fields every block has in its settings. */
export const SITE_BLOCK_SETTINGS_FIELDS: readonly SiteBlockField[] = ${json(settingsFields)};

export const SITE_BLOCK_DEFAULT_SETTINGS = ${json(settingsDefaults)} as const;
`;
  const options = (await resolveConfig(filepath)) ?? {};
  return format(source, { ...options, filepath });
};
