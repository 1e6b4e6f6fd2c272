import { useMutation, useQuery } from '@tanstack/react-query';
import type { RoomingList } from '@tourdesk/contract/api/request-docs';
import { requestDocsRoutes } from '@tourdesk/contract/api/request-docs-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { saveFile } from '../../../lib/api/download';

export const roomingListKey = (tourDateId: number) => ['rooming-list', tourDateId] as const;

/** A departure's rooming list: its confirmed travellers, what is missing, the totals. */
export const useRoomingList = (tourDateId: number) =>
  useQuery<RoomingList, ApiError>({
    queryKey: roomingListKey(tourDateId),
    queryFn: ({ signal }) => api.call(requestDocsRoutes.roomingList, { query: { tour_date_id: tourDateId }, signal }),
  });

export type RoomingFileKind = 'csv' | 'xlsx';
const ROUTES = { csv: requestDocsRoutes.roomingListCsv, xlsx: requestDocsRoutes.roomingListXlsx } as const;

/** GET rooming-list-csv / -xlsx: the file, its headings in the given language. */
export const downloadRoomingFile = async (
  kind: RoomingFileKind,
  tourDateId: number,
  language: string,
): Promise<{ blob: Blob; name: string }> => {
  const file = await api.download(ROUTES[kind], {
    query: { tour_date_id: tourDateId },
    headers: { 'X-Language': language },
  });
  return { blob: file.blob, name: file.name ?? `rooming-list-${tourDateId}.${kind}` };
};

/** Downloads the list as a file (the name the server gives). */
export const useRoomingFile = (tourDateId: number, language: string) =>
  useMutation<void, ApiError, RoomingFileKind>({
    mutationFn: async (kind) => {
      const file = await downloadRoomingFile(kind, tourDateId, language);
      saveFile(file.blob, file.name);
    },
  });
