import type { Column, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Language } from '@tourdesk/contract';
import { PDF_FONT, renderPdf } from '../../lib/pdf';
import { htmlToPdfContent, placeholdersIn, type PlaceholderValue } from './request-contract.html';
import { NO_VALUE, type ContractImage } from './request-contract.values';

/** What the contract PDF is made of: the template's HTML and the values of its placeholders. */
export interface ContractDocument {
  lang: Language;
  /** sanitized template HTML with `{entity.field}` placeholders */
  html: string;
  values: Record<string, PlaceholderValue>;
  sign: ContractImage | null;
  stamp: ContractImage | null;
  requestId: number;
  organizerName: string;
  /** the director, for the signature block added when the template places no signature */
  signatory: { position: string; name: string };
  brandName: string;
}

const LABELS = {
  en: { title: (n: number) => `Contract No ${n}`, signature: 'Signature', page: 'Page' },
  ru: { title: (n: number) => `Договор № ${n}`, signature: 'Подпись', page: 'Стр.' },
} satisfies Record<Language, unknown>;

export const contractTitle = (lang: Language, requestId: number): string => LABELS[lang].title(requestId);

const MUTED = '#6b7280';

/**
 * The contract as pdfmake's document: the template converted block by block with every placeholder
 * filled. A template that places no signature (or, when a stamp is asked for, no stamp) gets a
 * signature block at its end: the director, the signature image (or a line), the stamp.
 */
export const contractDefinition = (doc: ContractDocument): TDocumentDefinitions => {
  const L = LABELS[doc.lang];
  const content: Content[] = htmlToPdfContent(doc.html, { values: doc.values, unknown: NO_VALUE });
  const used = placeholdersIn(doc.html);
  const placesSign = used.has('{organizer.sign}');
  const placesStamp = used.has('{organizer.stamp}');
  const needsSign = !placesSign;
  const needsStamp = doc.stamp !== null && !placesStamp;
  if (needsSign || needsStamp) {
    const who = [doc.signatory.position, doc.signatory.name].filter((s) => s && s !== NO_VALUE).join(' ');
    const images: Column[] = [];
    if (needsSign)
      images.push(
        doc.sign
          ? { width: 'auto', stack: [{ image: 'sign', fit: [doc.sign.width, doc.sign.height] }] }
          : { text: `____________________\n${L.signature}`, width: 'auto', color: MUTED, margin: [0, 20, 0, 0] },
      );
    if (needsStamp && doc.stamp)
      images.push({ width: 'auto', stack: [{ image: 'stamp', fit: [doc.stamp.width, doc.stamp.height] }] });
    content.push({
      unbreakable: true,
      margin: [0, 24, 0, 0],
      stack: [
        { text: who || doc.organizerName, bold: true, margin: [0, 0, 0, 6] },
        { columns: images, columnGap: 16 },
      ],
    });
  }
  const images: Record<string, string> = {};
  if (doc.sign) images.sign = doc.sign.dataUrl;
  if (doc.stamp) images.stamp = doc.stamp.dataUrl;
  const title = L.title(doc.requestId);
  return {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 56],
    info: { title, author: doc.organizerName, subject: title, creator: doc.brandName },
    images,
    content,
    footer: (page: number, pages: number): Content => ({
      columns: [
        { text: `${doc.organizerName} · ${title}`, color: MUTED },
        { text: `${L.page} ${page} / ${pages}`, alignment: 'right', color: MUTED },
      ],
      fontSize: 8,
      margin: [50, 20, 50, 0],
    }),
    defaultStyle: { font: PDF_FONT, fontSize: 10.5, lineHeight: 1.3, color: '#111827' },
  };
};

/** Renders the contract to PDF bytes. */
export const renderContractPdf = (doc: ContractDocument): Promise<Buffer> => renderPdf(contractDefinition(doc));
