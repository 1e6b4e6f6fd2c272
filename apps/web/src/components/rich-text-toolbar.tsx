import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { cn } from '@tourdesk/ui';
import { Bold, Heading2, Italic, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
export { DOCUMENT_CLASS } from './rich-text-preview';

function ToolbarButton({
  label,
  active,
  onClick,
  children,
  disabled,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      // one tab stop for the whole toolbar (see Toolbar): the roving one gets 0
      tabIndex={-1}
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex size-8 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-40',
        active && 'bg-primary-50 text-primary-700',
      )}
    >
      {children}
    </button>
  );
}

/** A WAI-ARIA formatting toolbar for a TipTap editor with StarterKit: bold, italic, heading, lists, undo/redo. */
export function RichTextToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('common', { keyPrefix: 'richText' });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const ref = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const buttons = () => Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
  // WAI-ARIA toolbar: Tab enters and leaves it in one step; arrows, Home and End move within it
  useEffect(() => {
    const list = buttons();
    list.forEach((b, i) => (b.tabIndex = i === Math.min(current, list.length - 1) ? 0 : -1));
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = buttons();
    const at = list.findIndex((b) => b === document.activeElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: list.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const index = (next + list.length) % list.length;
    setCurrent(index);
    list[index]?.focus();
  };
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={t('label')}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        const target: EventTarget = e.target;
        const at = buttons().findIndex((b) => b === target);
        if (at >= 0) setCurrent(at);
      }}
      className="flex flex-wrap items-center gap-0.5 border-b border-neutral-200 px-2 py-1.5"
    >
      <ToolbarButton label={t('bold')} active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <Bold size={16} aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={t('italic')}
        active={state.italic}
        onClick={() => editor.chain().focus().toggleItalic().run()}
      >
        <Italic size={16} aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={t('heading')}
        active={state.heading}
        onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 size={16} aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={t('bulletList')}
        active={state.bullet}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        <List size={16} aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={t('orderedList')}
        active={state.ordered}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        <ListOrdered size={16} aria-hidden="true" />
      </ToolbarButton>
      <span className="mx-1 h-5 w-px bg-neutral-200" aria-hidden="true" />
      <ToolbarButton label={t('undo')} disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
        <Undo2 size={16} aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label={t('redo')} disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
        <Redo2 size={16} aria-hidden="true" />
      </ToolbarButton>
    </div>
  );
}
