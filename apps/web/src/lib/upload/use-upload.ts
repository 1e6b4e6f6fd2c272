import { useCallback } from 'react';
import type { UploadFunction } from '@tourdesk/ui';
import type { UploadedImage, UploadedVideo } from '@tourdesk/contract/api/upload';
import type { UploadedFile } from '@tourdesk/contract/entities/common';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { apiErrorText, translateMessage } from '../form-errors';
import { uploadFile, uploadImage, uploadVideo } from './upload-file';

/**
 * A failed upload's reason in the interface language, for the kit's row: the server's field text
 * ('Upload a JPEG, PNG…', 'The file is too large') rather than its general 'The given data was invalid'.
 */
const useUploadFailure = () => {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): never => {
      if (!isApiError(error)) throw error;
      const field = error.fieldErrors.file?.[0] ?? Object.values(error.fieldErrors)[0]?.[0];
      const message = field && error.status === 422 ? translateMessage(field, t) : apiErrorText(error, t);
      throw new Error(message);
    },
    [t],
  );
};

/**
 * Upload functions in the shape the UI kit's `Upload` takes: `upload(file, onProgress)`.
 * `organizerId` makes the file belong to that organizer (private files: its members only).
 */
export const useImageUpload = (organizerId?: number): UploadFunction<UploadedImage> => {
  const failed = useUploadFailure();
  return useCallback(
    (file: File, onProgress: (percent: number) => void) => uploadImage(file, { onProgress, organizerId }).catch(failed),
    [organizerId, failed],
  );
};

export const useFileUpload = (organizerId?: number, isPublic = false): UploadFunction<UploadedFile> => {
  const failed = useUploadFailure();
  return useCallback(
    (file: File, onProgress: (percent: number) => void) =>
      uploadFile(file, { onProgress, organizerId, isPublic }).catch(failed),
    [organizerId, isPublic, failed],
  );
};

export const useVideoUpload = (organizerId?: number): UploadFunction<UploadedVideo> => {
  const failed = useUploadFailure();
  return useCallback(
    (file: File, onProgress: (percent: number) => void) => uploadVideo(file, { onProgress, organizerId }).catch(failed),
    [organizerId, failed],
  );
};
