import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

// Roboto as pdfmake ships it (Latin, Cyrillic, Greek), read from the package's own files; the
// writer may open those and nothing else, and fetch no URL (images come as data: URLs). pdfmake
// is one shared instance: every PDF the server makes renders through this module.
const require = createRequire(import.meta.url);
const ROBOTO = (require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> }).Roboto;
const FONT_FILES = new Set(Object.values(ROBOTO));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));
pdfmake.setFonts({ Roboto: ROBOTO });

/** The font every document uses (Roboto: Latin and Cyrillic). */
export const PDF_FONT = 'Roboto';

/** Roboto has no narrow no-break space (ru groups digits with it): a no-break space instead. */
export const printable = (s: string): string => s.replace(/\u202f/g, '\u00a0');

/** Renders a pdfmake document to PDF bytes. */
export const renderPdf = (definition: TDocumentDefinitions): Promise<Buffer> =>
  pdfmake.createPdf(definition).getBuffer();
