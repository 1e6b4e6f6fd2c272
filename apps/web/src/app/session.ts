import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@tourdesk/contract/entities/user';
import type { OrganizerSummary } from '@tourdesk/contract/entities/organizer';
import { profileQueryOptions } from '../features/auth/api/get-profile';
import { organizerListQueryOptions } from '../features/organizer/api/get-organizer-list';
import { api } from '../lib/api/client';
import { isApiError } from '../lib/api/api-error';

export interface Session {
  user: User;
  organizers: OrganizerSummary[];
}

/** The signed-in user and their organizers, or null for a guest (no token, or a token that could not be refreshed). */
export const loadSession = async (getQueryClient: () => Promise<QueryClient>): Promise<Session | null> => {
  if (!api.hasToken()) return null;
  const queryClient = await getQueryClient();
  try {
    const [user, organizers] = await Promise.all([
      queryClient.ensureQueryData(profileQueryOptions()),
      queryClient.ensureQueryData(organizerListQueryOptions()),
    ]);
    return { user, organizers };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      queryClient.clear();
      return null;
    }
    throw error;
  }
};
