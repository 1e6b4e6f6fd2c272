import { helpApi } from '@tourdesk/contract';
import type { ServerModule } from '../../lib/modules';
import { registerRoute } from '../../lib/route';
import { createHelpService, type HelpService } from './help.service';

declare module '../../lib/modules' {
  interface Services {
    /** the help form's requests: into a member's support chat, else e-mailed to support */
    help: HelpService;
  }
}

/** The help module (issue 28): POST /spa/submit-help-request; it offers nothing to other modules. */
export const helpModule: ServerModule = {
  name: 'help',
  create: ({ db, config, delivery, limits }, services) => ({
    help: createHelpService({ db, config, delivery, limits, chats: () => services.chats.chats }),
  }),
  routes: (app, { help }, { contextOf }) => {
    registerRoute(app, helpApi.submit, ({ request, body }) => help.submit(contextOf(request), body.data));
  },
};
