import { generalRoutes } from '@tourdesk/contract/api/general-routes';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';

export type VersionInfo = RouteResponse<typeof generalRoutes.version>;

export const getVersion = (signal?: AbortSignal): Promise<VersionInfo> => api.call(generalRoutes.version, { signal });
