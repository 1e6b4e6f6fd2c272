import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetToasts } from '@tourdesk/ui/toast';

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
