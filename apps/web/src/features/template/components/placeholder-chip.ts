import { Node, mergeAttributes } from '@tiptap/core';

/** '{organizer.legal_name}' or 'organizer.legal_name' → 'organizer.legal_name'. */
export const placeholderId = (key: string): string => key.trim().replace(/^\{/, '').replace(/\}$/, '');

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    placeholderChip: {
      /** Inserts a placeholder chip at the cursor. */
      insertPlaceholder: (key: string) => ReturnType;
    };
  }
}

/**
 * A placeholder inside a template: an inline atom shown as a chip and stored as
 * `<span data-type="placeholder" data-id="organizer.legal_name">{organizer.legal_name}</span>`.
 */
export const PlaceholderChip = Node.create<{ HTMLAttributes: Record<string, string> }>({
  name: 'placeholderChip',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,

  addOptions() {
    return { HTMLAttributes: { class: 'placeholder-chip' } };
  },

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-id'),
        renderHTML: (attributes) => ({ 'data-id': attributes.id as string }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-type="placeholder"]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes({ 'data-type': 'placeholder' }, this.options.HTMLAttributes, HTMLAttributes),
      `{${String(node.attrs.id)}}`,
    ];
  },

  renderText({ node }) {
    return `{${String(node.attrs.id)}}`;
  },

  addCommands() {
    return {
      insertPlaceholder:
        (key: string) =>
        ({ commands }) =>
          commands.insertContent([
            { type: this.name, attrs: { id: placeholderId(key) } },
            { type: 'text', text: ' ' },
          ]),
    };
  },
});

const PLAIN_PLACEHOLDER = /\{([a-z_]+\.[a-z_]+)\}/g;

/**
 * Shipped default templates carry placeholders as plain `{entity.field}` text: wrap each in a
 * chip span so the editor shows chips (text already inside a chip is left alone).
 */
export const chipifyPlaceholders = (html: string): string => {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = (n as Text).parentElement;
    if (parent?.closest('span[data-type="placeholder"]')) continue;
    if (PLAIN_PLACEHOLDER.test((n as Text).data)) texts.push(n as Text);
    PLAIN_PLACEHOLDER.lastIndex = 0;
  }
  for (const text of texts) {
    const fragment = doc.createDocumentFragment();
    let last = 0;
    for (const match of text.data.matchAll(PLAIN_PLACEHOLDER)) {
      const at = match.index;
      if (at > last) fragment.append(text.data.slice(last, at));
      const span = doc.createElement('span');
      span.setAttribute('data-type', 'placeholder');
      span.setAttribute('data-id', match[1] ?? '');
      span.textContent = match[0];
      fragment.append(span);
      last = at + match[0].length;
    }
    if (last < text.data.length) fragment.append(text.data.slice(last));
    text.replaceWith(fragment);
  }
  return doc.body.innerHTML;
};

/**
 * The preview: every chip (and plain `{entity.field}`) replaced by its sample value as text;
 * a placeholder without a value stays visible as `{entity.field}`.
 */
export const fillPlaceholders = (html: string, values: Readonly<Record<string, string>>): string => {
  const doc = new DOMParser().parseFromString(`<body>${chipifyPlaceholders(html)}</body>`, 'text/html');
  doc.body.querySelectorAll('span[data-type="placeholder"]').forEach((chip) => {
    const id = chip.getAttribute('data-id') ?? '';
    const value = values[id];
    chip.replaceWith(doc.createTextNode(value ?? `{${id}}`));
  });
  return doc.body.innerHTML;
};
