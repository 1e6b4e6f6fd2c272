import type { UploadedImage, UploadedVideo } from '@tourdesk/contract/api/upload';
import { uploadRoutes } from '@tourdesk/contract/api/upload-routes';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { UploadedFile } from '@tourdesk/contract/entities/common';
import { ApiError, toApiError, NETWORK_ERROR_MESSAGE } from '../api/api-error';
import { api } from '../api/client';
import { getToken } from '../api/token-storage';

export type ProgressHandler = (percent: number) => void;

interface MultipartRequest {
  path: string;
  file: File;
  fields?: Record<string, string | number | boolean | undefined>;
  onProgress?: ProgressHandler;
  signal?: AbortSignal;
}

/**
 * A multipart POST through XMLHttpRequest (fetch cannot report upload progress), with the same
 * headers as the API client. A 401 refreshes the session once through the client, then retries.
 */
const sendMultipart = (
  { path, file, fields = {}, onProgress, signal }: MultipartRequest,
  retried = false,
): Promise<unknown> =>
  new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('X-Language', document.documentElement.lang || 'en');
    xhr.setRequestHeader('X-USER-ROLE', 'org');
    xhr.setRequestHeader('Accept', 'application/json');
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
    form.append('file', file, file.name);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body);
        return;
      }
      if (xhr.status === 401 && token && !retried) {
        // any client call refreshes the session once (shared with other calls)
        api.call(userRoutes.profile).then(
          () => sendMultipart({ path, file, fields, onProgress, signal }, true).then(resolve, reject),
          () => reject(toApiError(401, body)),
        );
        return;
      }
      reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, {}, null));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

export interface UploadOptions {
  onProgress?: ProgressHandler;
  signal?: AbortSignal;
  organizerId?: number;
}

/** POST /crm/api/image/upload: checked, EXIF-free image with 1200-wide and poster variants. */
export const uploadImage = async (
  file: File,
  { onProgress, signal, organizerId }: UploadOptions = {},
): Promise<UploadedImage> =>
  (await sendMultipart({
    path: uploadRoutes.image.path,
    file,
    fields: { organizer_id: organizerId },
    onProgress,
    signal,
  })) as UploadedImage;

/** POST /crm/api/file/upload: a document; private files are served only to the organizer's members. */
export const uploadFile = async (
  file: File,
  { onProgress, signal, organizerId, isPublic = false }: UploadOptions & { isPublic?: boolean } = {},
): Promise<UploadedFile> =>
  (await sendMultipart({
    path: uploadRoutes.file.path,
    file,
    fields: { organizer_id: organizerId, is_public: isPublic ? 1 : 0 },
    onProgress,
    signal,
  })) as UploadedFile;

/** POST /crm/api/file/upload-video with a file. */
export const uploadVideo = async (
  file: File,
  { onProgress, signal, organizerId }: UploadOptions = {},
): Promise<UploadedVideo> =>
  (await sendMultipart({
    path: uploadRoutes.video.path,
    file,
    fields: { organizer_id: organizerId },
    onProgress,
    signal,
  })) as UploadedVideo;
