import type { FastifyInstance } from 'fastify';
import { chatApi, organizerChannel, userChannel } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { TokenSigner } from '../../lib/tokens';
import type { OrganizerService } from '../organizer';

/** Real-time tokens live for an hour; the client refetches the list on reconnect. */
const REALTIME_TOKEN_TTL_S = 3600;

export const realtimeRoutes = (
  app: FastifyInstance,
  deps: { signer: TokenSigner; organizers: OrganizerService },
): void => {
  registerRoute(app, chatApi.channelsList, async ({ userId, request }) => {
    const organizers = await deps.organizers.list(userId);
    const names = [userChannel(userId), ...organizers.map((o) => organizerChannel(o.id))];
    const channels = await Promise.all(
      names.map(async (name) => ({
        name,
        token: await deps.signer.sign({ sub: userId, typ: 'rt-channel', ch: name }, REALTIME_TOKEN_TTL_S),
      })),
    );
    return {
      // names the session: it connects only while the session lives (plugins/realtime.ts)
      connectionToken: await deps.signer.sign(
        { sub: userId, typ: 'rt-connection', fam: request.sessionFamilyId },
        REALTIME_TOKEN_TTL_S,
      ),
      channels,
    };
  });
};
