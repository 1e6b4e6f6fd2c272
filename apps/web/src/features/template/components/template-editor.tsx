import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { Select, cn } from '@tourdesk/ui';
import { Bold, Heading2, Italic, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
import type { PlaceholderEntityType } from '@tourdesk/contract/enums';
import { PLACEHOLDER_ENTITY_TYPES } from '@tourdesk/contract/enum-values';
import { usePlaceholdersMap } from '../api/contract-templates';
import { PlaceholderChip, chipifyPlaceholders, fillPlaceholders } from './placeholder-chip';

const CHIP_CLASS =
  'placeholder-chip mx-0.5 inline-block rounded-md bg-primary-50 px-1.5 font-mono text-[0.82em] leading-6 text-primary-700 ring-1 ring-primary-200 select-all';
const DOCUMENT_CLASS =
  'text-sm leading-relaxed text-neutral-900 [&_h1]:mb-3 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6 [&_table]:my-2 [&_td]:border [&_td]:border-neutral-300 [&_td]:px-2';

const extensions = [
  StarterKit.configure({ link: false }),
  PlaceholderChip.configure({ HTMLAttributes: { class: CHIP_CLASS } }),
];

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
  children: React.ReactNode;
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

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('organizer', { keyPrefix: 'templates.toolbar' });
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

/** The placeholders of one entity type as buttons that insert a chip at the cursor. */
export function PlaceholderPicker({ onInsert }: { onInsert: (key: string) => void }) {
  const { t, i18n } = useTranslation('organizer', { keyPrefix: 'templates' });
  const [entity, setEntity] = useState<PlaceholderEntityType>('organizer');
  const map = usePlaceholdersMap(entity, i18n.language);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <span id="placeholder-entity-label" className="text-sm font-medium text-neutral-800">
          {t('placeholdersOf')}
        </span>
        <Select
          aria-labelledby="placeholder-entity-label"
          options={PLACEHOLDER_ENTITY_TYPES.map((e) => ({ value: e, text: t(`entities.${e}`) }))}
          value={entity}
          onChange={(v) => setEntity((v ?? 'organizer') as PlaceholderEntityType)}
        />
      </div>
      <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto" aria-label={t('placeholdersList')}>
        {(map.data?.placeholders ?? []).map((p) => (
          <li key={p.key}>
            <button
              type="button"
              onClick={() => onInsert(p.key)}
              aria-label={t('insert', { name: p.description })}
              className="flex w-full flex-col items-start rounded-lg px-2 py-1.5 text-left hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              <span className="text-sm text-neutral-900">{p.description}</span>
              <span className="font-mono text-xs text-primary-700">{p.key}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface TemplateEditorProps {
  /** initial HTML; change `resetKey` to load other content */
  content: string;
  resetKey: string | number;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
}

/** The contract text: TipTap with a formatting toolbar and placeholder chips from the picker. */
export function TemplateEditor({ content, resetKey, onChange, label, invalid }: TemplateEditorProps) {
  const editor = useEditor({
    extensions,
    content: chipifyPlaceholders(content),
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: cn('min-h-96 px-5 py-4 outline-none', DOCUMENT_CLASS),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  useEffect(() => {
    if (!editor) return;
    editor.commands.setContent(chipifyPlaceholders(content), { emitUpdate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload only when another template is opened
  }, [editor, resetKey]);

  if (!editor) return null;
  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_16rem]">
      <div
        className={cn(
          'overflow-hidden rounded-xl border bg-surface',
          invalid ? 'border-danger-500' : 'border-neutral-300 focus-within:border-primary-500',
        )}
      >
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
      </div>
      <aside className="rounded-xl border border-neutral-200 bg-neutral-50 p-3">
        <PlaceholderPicker onInsert={(key) => editor.chain().focus().insertPlaceholder(key).run()} />
      </aside>
    </div>
  );
}

/** The preview: the template with every placeholder filled with sample data, read-only. */
export function TemplatePreview({ html, values }: { html: string; values: Readonly<Record<string, string>> }) {
  const filled = fillPlaceholders(html, values);
  const preview = useEditor(
    {
      extensions,
      content: filled,
      editable: false,
      immediatelyRender: true,
      editorProps: { attributes: { class: cn('px-8 py-6', DOCUMENT_CLASS) } },
    },
    [filled],
  );
  if (!preview) return null;
  return (
    <div className="rounded-xl border border-neutral-200 bg-white shadow-inner" data-testid="template-preview">
      <EditorContent editor={preview} />
    </div>
  );
}
