import { useEffect, useLayoutEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { cn } from '@tourdesk/ui';
import { RichTextToolbar } from './rich-text-toolbar';
import { DOCUMENT_CLASS } from './rich-text-preview';

const extensions = [StarterKit.configure({ link: false })];

export interface RichTextEditorProps {
  id?: string;
  /** the HTML shown; an outside change (a reset after saving) reloads it */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  /** put the caret at the end once it is ready (it replaced a preview that was focused) */
  autofocus?: boolean;
}

/** An empty editor's HTML is no text. */
const textOf = (html: string) => (html === '<p></p>' ? '' : html);

/** Formatted text (headings, bold, italic, lists) with a formatting toolbar; the value is HTML. */
export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  label,
  invalid,
  describedBy,
  autofocus,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    autofocus: autofocus ? 'end' : false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        class: cn('min-h-48 px-4 py-3 outline-none', DOCUMENT_CLASS),
      },
    },
    onUpdate: ({ editor: e }) => onChange(textOf(e.getHTML())),
    onBlur: () => onBlur?.(),
  });

  useLayoutEffect(() => {
    // TipTap's autofocus waits a timer and a frame: keys pressed meanwhile (the box this editor
    // replaced had the focus) went nowhere and were lost. The view is in the page by now (the
    // content's mount ran first), with its selection at the end: focused in the same commit.
    if (autofocus && editor && !editor.isDestroyed && editor.view.dom.isConnected) editor.view.focus();
    // once, when it mounts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  useEffect(() => {
    // a destroyed editor (remounted) has no document to compare
    if (editor && !editor.isDestroyed && textOf(editor.getHTML()) !== value)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border bg-surface',
        invalid ? 'border-danger-500' : 'border-neutral-300 focus-within:border-primary-500',
      )}
    >
      <RichTextToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
