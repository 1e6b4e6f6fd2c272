import { useCallback } from 'react';
import type { UploadFunction } from '@tourdesk/ui';
import type { UploadedImage, UploadedVideo } from '@tourdesk/contract/api/upload';
import type { UploadedFile } from '@tourdesk/contract/entities/common';
import { uploadFile, uploadImage, uploadVideo } from './upload-file';

/**
 * Upload functions in the shape the UI kit's `Upload` takes: `upload(file, onProgress)`.
 * `organizerId` makes the file belong to that organizer (private files: its members only).
 */
export const useImageUpload = (organizerId?: number): UploadFunction<UploadedImage> =>
  useCallback((file: File, onProgress: (percent: number) => void) => uploadImage(file, { onProgress, organizerId }), [organizerId]);

export const useFileUpload = (organizerId?: number, isPublic = false): UploadFunction<UploadedFile> =>
  useCallback((file: File, onProgress: (percent: number) => void) => uploadFile(file, { onProgress, organizerId, isPublic }), [organizerId, isPublic]);

export const useVideoUpload = (organizerId?: number): UploadFunction<UploadedVideo> =>
  useCallback((file: File, onProgress: (percent: number) => void) => uploadVideo(file, { onProgress, organizerId }), [organizerId]);
