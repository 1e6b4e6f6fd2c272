import { useMutation } from '@tanstack/react-query';
import { requestDocsRoutes } from '@tourdesk/contract/api/request-docs-routes';
import { toApiError, type ApiError } from '../../../../lib/api/api-error';
import { getToken } from '../../../../lib/api/token-storage';
import { fileNameOf, saveFile } from '../../../../lib/api/download';

/** Where a contract download is: the server making the PDF, then its bytes arriving (0–1 when their size is known). */
export type ContractProgress = { step: 'render' } | { step: 'download'; fraction: number | null };

/** The body's bytes, reporting how much of the announced length has come. */
const readWithProgress = async (res: Response, onProgress: (fraction: number | null) => void): Promise<Blob> => {
  const total = Number(res.headers.get('content-length')) || 0;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  onProgress(total ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(total ? Math.min(1, received / total) : null);
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'application/pdf' });
};

/**
 * GET request/download-contract: a PDF, not JSON, so it is fetched here (with the API client's
 * headers) rather than through the client, which reads JSON; the file is then saved.
 */
export const downloadContract = async (
  requestId: number,
  useStamp: boolean,
  language: string,
  onProgress: (progress: ContractProgress) => void,
): Promise<string> => {
  const headers: Record<string, string> = { 'X-Language': language, 'X-USER-ROLE': 'org' };
  const token = getToken();
  if (token) headers['X-Authorization'] = `Bearer ${token}`;
  onProgress({ step: 'render' });
  let res: Response;
  try {
    res = await fetch(`${requestDocsRoutes.downloadContract.path}?id=${requestId}&use_stamp=${useStamp ? 1 : 0}`, {
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw toApiError(0, null);
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text as it came
    }
    throw toApiError(res.status, body);
  }
  const blob = await readWithProgress(res, (fraction) => onProgress({ step: 'download', fraction }));
  const name = fileNameOf(res.headers.get('content-disposition')) ?? `contract-${requestId}.pdf`;
  saveFile(blob, name);
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
