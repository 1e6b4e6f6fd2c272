import { describe, expect, it } from 'vitest';
import { typedSiteBlockSchema, type TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import { ApiError } from '../../../lib/api/api-error';
import { blockErrorsOf, defaultBlockProps, errorsAt, fieldPath, fromPuckData, sameBlocks, toPuckData } from './blocks';

const block = (raw: unknown): TypedSiteBlock => typedSiteBlockSchema.parse(raw);

const HEADER = block({
  id: 'head',
  type: 1,
  data: {
    site_name: 'Altai Trails',
    menu: [{ text: 'Tours', link: { kind: 1, anchor: 'tours' } }],
  },
});
const GALLERY = block({
  id: 'gal',
  type: 6,
  is_hidden: true,
  settings: { background: 'dark' },
  data: { title: 'Photos', items: [{ kind: 'image', image: { id: 5, url: '/files/5', alt: 'Lake' } }] },
});

describe('the editor’s blocks', () => {
  it('go to Puck and back unchanged, single-value arrays as { value } items in between', () => {
    const data = toPuckData([HEADER, GALLERY]);
    expect(data.content.map((c) => c.type)).toEqual(['app_header', 'gallery']);
    expect(data.content[0]!.props.menu).toEqual([{ value: (HEADER.data as { menu: unknown[] }).menu[0] }]);
    expect(data.content[1]!.props).toMatchObject({ id: 'gal', is_hidden: true, settings: { background: 'dark' } });
    const back = fromPuckData(data);
    expect(back).toEqual([HEADER, GALLERY]);
    // what is sent passes the contract's block schema as it is
    for (const sent of back) expect(typedSiteBlockSchema.parse(sent)).toEqual(sent);
  });

  it('take a new block from its type’s generated empty data, which the schema accepts', () => {
    const props = defaultBlockProps('tours');
    expect(props).toMatchObject({ title: '', tour_ids: [], layout: 'grid', is_hidden: false });
    const [sent] = fromPuckData({ content: [{ type: 'tours', props: { ...props, id: 'new1' } }] });
    expect(typedSiteBlockSchema.parse(sent)).toEqual(sent);
  });

  it('drop props that are not the block’s fields and empty items of single-value arrays', () => {
    const [sent] = fromPuckData({
      content: [
        {
          type: 'gallery',
          props: { ...defaultBlockProps('gallery'), id: 'g', stray: 1, items: [{ value: null }, {}] },
        },
      ],
    });
    expect(sent!.data).toEqual({ title: '', items: [] });
  });

  it('tell a changed page from the saved one', () => {
    const saved = fromPuckData(toPuckData([HEADER]));
    expect(sameBlocks(saved, fromPuckData(toPuckData([HEADER])))).toBe(true);
    const changed = toPuckData([HEADER]);
    changed.content[0]!.props.site_name = 'Other';
    expect(sameBlocks(saved, fromPuckData(changed))).toBe(false);
  });
});

describe('a failed save’s errors', () => {
  const sent = [{ id: 'head' }, { id: 'gal' }];
  const error = new ApiError(
    422,
    'The given data was invalid.',
    {
      'blocks.0.data.site_name': [{ code: 'too_long' as never, params: { max: 160 } }],
      'blocks.1.data.items.0.image.alt': [{ code: 'required' as never }],
      'blocks.1.settings.anchor': [{ code: 'invalid' as never }],
      blocks: [{ code: 'too_many' as never }],
    },
    {},
  );

  it('come by the id of the block sent at that index and its field path', () => {
    expect(blockErrorsOf(error, sent)).toEqual({
      head: { site_name: [{ code: 'too_long', params: { max: 160 } }] },
      gal: { 'items.0.image.alt': [{ code: 'required' }], 'settings.anchor': [{ code: 'invalid' }] },
      '': { blocks: [{ code: 'too_many' }] },
    });
  });

  it('are found under a field Puck names with brackets, an array’s including its items', () => {
    const byBlock = blockErrorsOf(error, sent);
    expect(fieldPath('items[0].image')).toBe('items.0.image');
    expect(errorsAt(byBlock.gal, fieldPath('items[0].image'))).toEqual([{ code: 'required' }]);
    expect(errorsAt(byBlock.gal, 'items')).toHaveLength(1);
    expect(errorsAt(byBlock.gal, 'title')).toEqual([]);
  });

  it('are none for a failure that is not a 422', () => {
    expect(blockErrorsOf(new ApiError(500, 'Server error', {}, {}), sent)).toEqual({});
    expect(blockErrorsOf(new Error('x'), sent)).toEqual({});
  });
});
