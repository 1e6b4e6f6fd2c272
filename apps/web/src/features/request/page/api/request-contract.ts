import { useMutation } from '@tanstack/react-query';
import { requestDocsRoutes } from '@tourdesk/contract/api/request-docs-routes';
import type { ApiError } from '../../../../lib/api/api-error';
import { api } from '../../../../lib/api/client';
import { saveFile } from '../../../../lib/api/download';

/** Where a contract download is: the server making the PDF, then its bytes arriving (0–1 when their size is known). */
export type ContractProgress = { step: 'render' } | { step: 'download'; fraction: number | null };

/**
 * GET request/download-contract: the PDF, with the bytes' progress once the server has made it; the
 * file is then saved.
 */
export const downloadContract = async (
  requestId: number,
  useStamp: boolean,
  language: string,
  onProgress: (progress: ContractProgress) => void,
): Promise<string> => {
  onProgress({ step: 'render' });
  const file = await api.download(requestDocsRoutes.downloadContract, {
    query: { id: requestId, use_stamp: useStamp },
    headers: { 'X-Language': language },
    onProgress: (fraction) => onProgress({ step: 'download', fraction }),
  });
  const name = file.name ?? `contract-${requestId}.pdf`;
  saveFile(file.blob, name);
  return name;
};

export const useDownloadContract = (
  requestId: number,
  language: string,
  onProgress: (progress: ContractProgress) => void,
) =>
  useMutation<string, ApiError, boolean>({
    mutationFn: (useStamp) => downloadContract(requestId, useStamp, language, onProgress),
  });
