import { useState } from 'react';
import { ActionBar, createUsePuck } from '@puckeditor/core';
import { useTranslation } from 'react-i18next';
import { Button } from '@tourdesk/ui';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { SiteBlockTypeName } from '@tourdesk/contract/enum-values';
import { newBlockId, ROOT_ZONE } from './blocks';

const usePuck = createUsePuck();

const SELECT_CLASS =
  'h-9 min-w-[10rem] flex-1 rounded-lg border border-neutral-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary-500';

/** The selected block's place and the moves it allows. */
const useSelectedBlock = () => {
  const dispatch = usePuck((s) => s.dispatch);
  const index = usePuck((s) =>
    s.appState.ui.itemSelector && (s.appState.ui.itemSelector.zone ?? ROOT_ZONE) === ROOT_ZONE
      ? s.appState.ui.itemSelector.index
      : null,
  );
  const count = usePuck((s) => s.appState.data.content.length);
  const move = (to: number) => {
    if (index === null) return;
    dispatch({ type: 'reorder', sourceIndex: index, destinationIndex: to, destinationZone: ROOT_ZONE });
    dispatch({ type: 'setUi', ui: { itemSelector: { index: to, zone: ROOT_ZONE } } });
  };
  return {
    index,
    canUp: index !== null && index > 0,
    canDown: index !== null && index < count - 1,
    up: () => index !== null && move(index - 1),
    down: () => index !== null && move(index + 1),
    remove: () => {
      if (index === null) return;
      dispatch({ type: 'remove', index, zone: ROOT_ZONE });
      dispatch({ type: 'setUi', ui: { itemSelector: null } });
    },
    add: (type: SiteBlockTypeName) => {
      const at = index === null ? count : index + 1;
      dispatch({
        type: 'insert',
        componentType: type,
        destinationIndex: at,
        destinationZone: ROOT_ZONE,
        id: newBlockId(),
      });
      dispatch({ type: 'setUi', ui: { itemSelector: { index: at, zone: ROOT_ZONE } } });
    },
  };
};

/**
 * SPEC's block actions as buttons above the fields (reachable by keyboard, beside Puck's drag and
 * drop): add a block of a type after the selected one (or at the end), move it up or down, remove it.
 */
export function BlockActions({ types }: { types: readonly SiteBlockTypeName[] }) {
  const { t } = useTranslation('site');
  const block = useSelectedBlock();
  const [type, setType] = useState<SiteBlockTypeName>(types[0]!);
  return (
    <div className="flex flex-col gap-2 border-b border-neutral-200 p-3" role="group" aria-label={t('actions.title')}>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={t('actions.type')}
          className={SELECT_CLASS}
          value={type}
          onChange={(e) => setType(e.target.value as SiteBlockTypeName)}
        >
          {types.map((name) => (
            <option key={name} value={name}>
              {t(`blocks.${name}`)}
            </option>
          ))}
        </select>
        <Button size="sm" variant="secondary" onClick={() => block.add(type)}>
          <Plus size={14} aria-hidden="true" /> {t('actions.add')}
        </Button>
      </div>
      {block.index !== null && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="ghost" disabled={!block.canUp} onClick={block.up}>
            <ArrowUp size={14} aria-hidden="true" /> {t('actions.up')}
          </Button>
          <Button size="sm" variant="ghost" disabled={!block.canDown} onClick={block.down}>
            <ArrowDown size={14} aria-hidden="true" /> {t('actions.down')}
          </Button>
          <Button size="sm" variant="ghost" onClick={block.remove} className="text-danger-600">
            <Trash2 size={14} aria-hidden="true" /> {t('actions.remove')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Puck's action bar over the selected block, with move up and move down beside its own actions. */
export function BlockActionBar({
  label,
  children,
  parentAction,
}: {
  label?: string;
  children: React.ReactNode;
  parentAction: React.ReactNode;
}) {
  const { t } = useTranslation('site');
  const block = useSelectedBlock();
  return (
    <ActionBar label={label}>
      <ActionBar.Group>
        {parentAction}
        <ActionBar.Action label={t('actions.up')} disabled={!block.canUp} onClick={block.up}>
          <ArrowUp size={16} aria-hidden="true" />
        </ActionBar.Action>
        <ActionBar.Action label={t('actions.down')} disabled={!block.canDown} onClick={block.down}>
          <ArrowDown size={16} aria-hidden="true" />
        </ActionBar.Action>
        {children}
      </ActionBar.Group>
    </ActionBar>
  );
}
