import { useEffect, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { Select, cn } from '@tourdesk/ui';
import type { PlaceholderEntityType } from '@tourdesk/contract/enums';
import { PLACEHOLDER_ENTITY_TYPES } from '@tourdesk/contract/enum-values';
import { usePlaceholdersMap } from '../api/contract-templates';
import { PlaceholderChip, chipifyPlaceholders, fillPlaceholders } from './placeholder-chip';
import { DOCUMENT_CLASS, RichTextToolbar } from '../../../components/rich-text-toolbar';

const CHIP_CLASS =
  'placeholder-chip mx-0.5 inline-block rounded-md bg-primary-50 px-1.5 font-mono text-[0.82em] leading-6 text-primary-700 ring-1 ring-primary-200 select-all';

const extensions = [
  StarterKit.configure({ link: false }),
  PlaceholderChip.configure({ HTMLAttributes: { class: CHIP_CLASS } }),
];

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
        <RichTextToolbar editor={editor} />
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
