import type { ServerModule } from '../../lib/modules';
import { createTemplateRepository } from './template.repository';
import { templateRoutes } from './template.routes';
import { createTemplateService, type TemplateService } from './template.service';

/** The template module's public face: what other modules may use of it. */
export { DEFAULT_TEMPLATES, PLACEHOLDERS, type TemplateLanguage } from './defaults';
export { sanitizeTemplateHtml } from './sanitize';

declare module '../../lib/modules' {
  interface Services {
    /** an organizer's document and message templates */
    templates: TemplateService;
  }
}

export const templateModule: ServerModule = {
  name: 'template',
  create: ({ db, tenancy }) => ({ templates: createTemplateService({ repo: createTemplateRepository(db), tenancy }) }),
  routes: (app, { templates }, { contextOf }) => templateRoutes(app, { templates, contextOf }),
};
