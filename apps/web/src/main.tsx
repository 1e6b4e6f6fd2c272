import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18n } from './lib/i18n/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first screen's texts (a few KB) arrive before the first paint, so no key ever flashes.
await i18n.ready;
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
