import { useMutation, useQuery } from '@tanstack/react-query';
import type { RoomingList } from '@tourdesk/contract/api/request-docs';
import { requestDocsRoutes } from '@tourdesk/contract/api/request-docs-routes';
import { api } from '../../../lib/api/client';
import { toApiError, type ApiError } from '../../../lib/api/api-error';
import { getToken } from '../../../lib/api/token-storage';
import { fileNameOf, saveFile } from '../../../lib/api/download';

export const roomingListKey = (tourDateId: number) => ['rooming-list', tourDateId] as const;

/** A departure's rooming list: its confirmed travellers, what is missing, the totals. */
export const useRoomingList = (tourDateId: number) =>
  useQuery<RoomingList, ApiError>({
    queryKey: roomingListKey(tourDateId),
    queryFn: ({ signal }) => api.call(requestDocsRoutes.roomingList, { query: { tour_date_id: tourDateId }, signal }),
  });

export type RoomingFileKind = 'csv' | 'xlsx';
const ROUTES = { csv: requestDocsRoutes.roomingListCsv, xlsx: requestDocsRoutes.roomingListXlsx } as const;

/**
 * GET rooming-list-csv / -xlsx: bytes, not JSON, so fetched here with the client's headers (the
 * access token, the language the file's headings are in). An expired token is renewed by one
 * call through the API client (which refreshes it), then the download is tried once more.
 */
export const downloadRoomingFile = async (
  kind: RoomingFileKind,
  tourDateId: number,
  language: string,
): Promise<{ blob: Blob; name: string }> => {
  const attempt = async (): Promise<Response> => {
    const headers: Record<string, string> = { 'X-Language': language, 'X-USER-ROLE': 'org' };
    const token = getToken();
    if (token) headers['X-Authorization'] = `Bearer ${token}`;
    try {
      return await fetch(`${ROUTES[kind].path}?tour_date_id=${tourDateId}`, { headers, credentials: 'same-origin' });
    } catch {
      throw toApiError(0, null);
    }
  };
  let res = await attempt();
  if (res.status === 401 && getToken()) {
    await api.call(requestDocsRoutes.roomingList, { query: { tour_date_id: tourDateId } });
    res = await attempt();
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text as it is
    }
    throw toApiError(res.status, body);
  }
  return {
    blob: await res.blob(),
    name: fileNameOf(res.headers.get('content-disposition')) ?? `rooming-list-${tourDateId}.${kind}`,
  };
};

/** Downloads the list as a file (the name the server gives). */
export const useRoomingFile = (tourDateId: number, language: string) =>
  useMutation<void, ApiError, RoomingFileKind>({
    mutationFn: async (kind) => {
      const file = await downloadRoomingFile(kind, tourDateId, language);
      saveFile(file.blob, file.name);
    },
  });
