import type { UploadedImage, UploadedVideo } from '@tourdesk/contract/api/upload';
import { uploadRoutes } from '@tourdesk/contract/api/upload-routes';
import type { UploadedFile } from '@tourdesk/contract/entities/common';
import { api } from '../api/client';

export type ProgressHandler = (percent: number) => void;

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
  (await api.upload(uploadRoutes.image, {
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
  (await api.upload(uploadRoutes.file, {
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
  (await api.upload(uploadRoutes.video, {
    file,
    fields: { organizer_id: organizerId },
    onProgress,
    signal,
  })) as UploadedVideo;
