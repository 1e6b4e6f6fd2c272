import path from 'node:path';
import type { ServerModule } from '../../lib/modules';
import { createLocalStorage } from '../../plugins/storage';
import { createUploadRepository } from './upload.repository';
import { uploadRoutes } from './upload.routes';
import { createUploadService, type UploadService } from './upload.service';

/** The upload module's public face: what other modules may use of it. */
export type { ReceivedFile, UploadService } from './upload.service';
export { readMultipart } from './upload.routes';
/** the SSRF-safe fetch of a URL a user gives (the site module reads articles with it) */
export { safeFetch } from './safe-fetch';

declare module '../../lib/modules' {
  interface Services {
    /** files: uploads, image processing, serving (DATA_DIR/files) */
    uploads: UploadService;
  }
}

export const uploadModule: ServerModule = {
  name: 'upload',
  create: ({ db, tenancy, config, uploadFetchAllowAddresses }) => ({
    uploads: createUploadService({
      repo: createUploadRepository(db),
      storage: createLocalStorage(path.join(config.dataDir, 'files')),
      tenancy,
      config,
      fetchAllowAddresses: uploadFetchAllowAddresses,
    }),
  }),
  // a file link's token copy is a cookie
  cookieRoutes: (app, { uploads }) => uploadRoutes(app, { uploads }),
};
