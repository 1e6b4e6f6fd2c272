import sharp from 'sharp';
import type { Language } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { DEFAULT_TEMPLATES, sanitizeTemplateHtml } from '../template';
import type { UploadService } from '../upload';
import { contractTitle, renderContractPdf } from './request-contract.pdf';
import type { ContractTemplateRow, RequestContractRepository } from './request-contract.repository';
import {
  contractPenalties,
  contractValues,
  personName,
  type ContractData,
  type ContractImage,
} from './request-contract.values';

/** Where the contract's template came from (answered in a header; the tests read it). */
export type ContractTemplateSource = 'invoice' | 'default' | 'shipped';

/** The boxes the images are fitted in, in points (a signature is wide, a stamp round). */
const SIGN_BOX = { width: 150, height: 60 };
const STAMP_BOX = { width: 110, height: 110 };
/** Pixels kept of a stored image: sharp enough in print at its box's size, small in the file. */
const MAX_IMAGE_PX = 600;

/** A custom template is in the language it is written in: Cyrillic text makes it Russian. */
export const templateLanguage = (html: string): Language => (/[А-Яа-яЁё]/.test(html) ? 'ru' : 'en');

/** A file name with the request's number, in the document's language (the Content-Disposition's). */
export const contractFileName = (lang: Language, requestId: number): string => `${contractTitle(lang, requestId)}.pdf`;

/**
 * The contract PDF of a request (SPEC §7 download-contract): the organizer's contract template with
 * every placeholder filled from the request, its tourists, tour, departure, invoices and the
 * organizer's profile and bank account, and the signature and (asked for) the stamp. Rendered on
 * each call, never stored: the request changes, the contract follows.
 *
 * The template: the one the request's newest live invoice names (create-payment's contract_id),
 * else the organizer's default contract template, else the shipped contract in the caller's language.
 */
export const createRequestContractService = (deps: {
  repo: RequestContractRepository;
  tenancy: Tenancy;
  uploads: Pick<UploadService, 'serve'>;
  brandName: string;
}) => {
  const { repo, tenancy, uploads, brandName } = deps;

  /** A stored image as PNG (pdfmake draws PNG and JPEG; uploads may be WebP), or null when unreadable. */
  const image = async (
    ctx: ServiceContext,
    fileId: unknown,
    box: { width: number; height: number },
  ): Promise<ContractImage | null> => {
    if (typeof fileId !== 'number') return null;
    try {
      const file = await uploads.serve(ctx.userId, fileId, undefined);
      if (!file) return null;
      const png = await sharp(file.data)
        .resize({ width: MAX_IMAGE_PX, height: MAX_IMAGE_PX, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      return { dataUrl: `data:image/png;base64,${png.toString('base64')}`, ...box };
    } catch (e) {
      ctx.log.warn({ err: e, fileId }, 'contract PDF without an image: the stored file could not be read');
      return null;
    }
  };

  const template = async (
    ctx: ServiceContext,
    requestId: number,
    organizerId: number,
  ): Promise<{ html: string; lang: Language; source: ContractTemplateSource }> => {
    const own: [ContractTemplateRow | null, ContractTemplateSource][] = [
      [await repo.invoiceTemplate(requestId, organizerId), 'invoice'],
    ];
    if (!own[0]![0]) own.push([await repo.defaultTemplate(organizerId), 'default']);
    for (const [row, source] of own)
      if (row && row.content.trim() !== '') {
        const html = sanitizeTemplateHtml(row.content);
        return { html, lang: templateLanguage(html), source };
      }
    return { html: DEFAULT_TEMPLATES.contract[ctx.lang], lang: ctx.lang, source: 'shipped' };
  };

  return {
    download: async (
      ctx: ServiceContext,
      requestId: number,
      useStamp: boolean,
    ): Promise<{ data: Buffer; name: string; source: ContractTemplateSource }> => {
      const request = await repo.request(requestId);
      // another tenant's request does not exist for this caller
      if (!request || !(await tenancy.reaches(ctx.userId, request.organizer_id, 'bookings.read')))
        throw AppError.notFound('request_not_found');
      const organizer = await repo.organizer(request.organizer_id);
      if (!organizer) throw AppError.notFound('request_not_found');
      const profile = organizer.profile;
      const [tpl, tourists, tour, programDays, tourPenalties, departure, invoices, bankAccount, sign, stamp] =
        await Promise.all([
          template(ctx, request.id, request.organizer_id),
          repo.tourists(request.id),
          request.tour_id ? repo.tour(request.tour_id) : null,
          request.tour_id ? repo.programDays(request.tour_id) : [],
          request.tour_id ? repo.tourPenalties(request.tour_id) : [],
          request.tour_date_id ? repo.departure(request.tour_date_id) : null,
          repo.invoices(request.id),
          repo.bankAccount(request.organizer_id, organizer.own_request_bank_account_id),
          image(ctx, profile.sign_image_id, SIGN_BOX),
          useStamp ? image(ctx, profile.stamp_image_id, STAMP_BOX) : null,
        ]);
      const data: ContractData = {
        lang: tpl.lang,
        request,
        tourists,
        tour,
        programDays,
        departure,
        invoices,
        penalties: contractPenalties(tour, tourPenalties, profile.penalties),
        organizer,
        bankAccount,
        sign,
        stamp,
      };
      const director = (profile.director ?? {}) as Record<string, unknown>;
      const pdf = await renderContractPdf({
        lang: tpl.lang,
        html: tpl.html,
        values: contractValues(data),
        sign,
        stamp,
        requestId: request.id,
        organizerName: organizer.name,
        signatory: {
          position: typeof director.position === 'string' ? director.position : '',
          name: personName(tpl.lang, director),
        },
        brandName,
      });
      return { data: pdf, name: contractFileName(tpl.lang, request.id), source: tpl.source };
    },
  };
};
export type RequestContractService = ReturnType<typeof createRequestContractService>;
