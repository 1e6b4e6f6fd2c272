import { generalApi } from '@tourdesk/contract/api/general';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';

export type VersionInfo = RouteResponse<typeof generalApi.version>;

export const getVersion = (signal?: AbortSignal): Promise<VersionInfo> => api.call(generalApi.version, { signal });
