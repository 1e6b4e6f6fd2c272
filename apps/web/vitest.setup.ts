import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetToasts } from '@tourdesk/ui/toast';

// findBy… and waitFor wait up to 5 s, not 1 s: a busy two-core CI machine renders a lazy screen
// slower than that, and a wait that succeeds returns as soon as it does
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // the toast queue and sonner's list live in modules shared by a file's tests: start each test empty
  resetToasts();
});

// jsdom lacks pointer capture, which sonner's toasts and Radix use on pointerdown.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.hasPointerCapture = () => false;
}

// jsdom lays nothing out: ProseMirror (TipTap) measures the selection to scroll to it, e.g. when
// an editor opens focused. No boxes is jsdom's truth.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}
const text = Text.prototype as unknown as { getClientRects?: () => DOMRectList };
text.getClientRects ??= () => [] as unknown as DOMRectList;
