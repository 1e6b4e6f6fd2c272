/** The upload module's public face: what other modules may use of it. */
export type { ReceivedFile, UploadService } from './upload.service';
export { readMultipart } from './upload.routes';
