import type { Language } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { PlaceholderValue } from './request-contract.html';
import {
  createRequestContractRepository,
  type ContractRequestRow,
  type RequestContractRepository,
} from './request-contract.repository';
import { contractPenalties, contractValues, type ContractData } from './request-contract.values';
import { PLACEHOLDER } from './request-contract.html';

/**
 * The placeholders of a text replaced by their values (the contract's, request-contract.values.ts);
 * one it does not know stays as written. The organizer's signature and stamp are images: none in a mail.
 */
export const fillPlaceholders = (text: string, values: Record<string, PlaceholderValue>): string =>
  text.replace(PLACEHOLDER, (whole, doubled?: string, single?: string) => {
    const key = `{${doubled ?? single}}`;
    if (key === '{organizer.sign}' || key === '{organizer.stamp}') return '';
    const value = values[key];
    return typeof value === 'string' ? value : whole;
  });

/**
 * The language a text is written in, its placeholders aside: Cyrillic makes it Russian, other
 * letters English; a text of neither (empty, only placeholders and figures) is in `fallback`.
 */
export const textLanguage = (text: string, fallback: Language): Language => {
  const plain = text.replace(PLACEHOLDER, ' ');
  if (/[А-Яа-яЁё]/.test(plain)) return 'ru';
  if (/[A-Za-z]/.test(plain)) return 'en';
  return fallback;
};

/** Everything a request's placeholders are filled from (no images: a mail has none), read through `repo`. */
export const placeholderData = async (
  repo: RequestContractRepository,
  request: ContractRequestRow,
): Promise<Omit<ContractData, 'lang'>> => {
  const [organizer, tourists, tour, programDays, tourPenalties, departure, invoices] = await Promise.all([
    repo.organizer(request.organizer_id),
    repo.tourists(request.id),
    request.tour_id ? repo.tour(request.tour_id) : null,
    request.tour_id ? repo.programDays(request.tour_id) : [],
    request.tour_id ? repo.tourPenalties(request.tour_id) : [],
    request.tour_date_id ? repo.departure(request.tour_date_id) : null,
    repo.invoices(request.id),
  ]);
  const bankAccount = organizer
    ? await repo.bankAccount(request.organizer_id, organizer.own_request_bank_account_id)
    : null;
  return {
    request,
    tourists,
    tour,
    programDays,
    departure,
    invoices,
    penalties: contractPenalties(tour, tourPenalties, organizer?.profile.penalties),
    organizer: organizer ?? { name: '', profile: {} },
    bankAccount,
    sign: null,
    stamp: null,
  };
};

/**
 * A request's placeholder values in a language, as text (the contract templates' placeholders:
 * the traveller messages fill their texts with them), read through `q` (a delivery transaction's).
 * Null when the request is gone.
 */
export const requestPlaceholderValues = async (
  q: Db,
  requestId: number,
  lang: Language,
): Promise<Record<string, string> | null> => {
  const repo = createRequestContractRepository(q);
  const request = await repo.request(requestId);
  if (!request) return null;
  const values = contractValues({ ...(await placeholderData(repo, request)), lang });
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') out[k] = v;
  return out;
};
