import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractTemplateApi, documentTemplateApi, meetDataTemplateApi } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { TemplateLanguage } from './defaults';
import type { TemplateService } from './template.service';

/** Shipped texts follow the SPA's X-Language header (en unless ru). */
const languageOf = (request: FastifyRequest): TemplateLanguage =>
  String(request.headers['x-language'] ?? '')
    .toLowerCase()
    .startsWith('ru')
    ? 'ru'
    : 'en';

export const templateRoutes = (app: FastifyInstance, deps: { templates: TemplateService }): void => {
  const s = deps.templates;
  registerRoute(app, contractTemplateApi.list, ({ userId, query }) => s.listContracts(userId, query.organizer_id));
  registerRoute(app, contractTemplateApi.get, ({ userId, query }) => s.getContract(userId, query.id));
  registerRoute(app, contractTemplateApi.create, ({ userId, body }) => {
    const { organizer_id, ...fields } = body;
    return s.createContract(userId, organizer_id, fields);
  });
  registerRoute(app, contractTemplateApi.update, ({ userId, body }) => {
    const { id, ...fields } = body;
    return s.updateContract(userId, id, fields);
  });
  registerRoute(app, contractTemplateApi.delete, ({ userId, body }) => s.deleteContract(userId, body.id));
  registerRoute(app, contractTemplateApi.getDefaultTemplateByType, ({ userId, query, request }) =>
    s.defaultTemplate(userId, query.organizer_id, query.type, languageOf(request)),
  );
  registerRoute(app, contractTemplateApi.getDefaultTemplateTypes, ({ request }) => s.defaultTypes(languageOf(request)));
  registerRoute(app, documentTemplateApi.placeholdersMap, ({ query, request }) =>
    s.placeholders(query.entity_type, languageOf(request)),
  );

  registerRoute(app, meetDataTemplateApi.list, ({ userId, query }) => s.listMeetData(userId, query.organizer_id));
  registerRoute(app, meetDataTemplateApi.create, ({ userId, body }) => {
    const { organizer_id, ...fields } = body;
    return s.createMeetData(userId, organizer_id, fields);
  });
  registerRoute(app, meetDataTemplateApi.update, ({ userId, body }) => {
    const { id, ...fields } = body;
    return s.updateMeetData(userId, id, fields);
  });
  registerRoute(app, meetDataTemplateApi.delete, ({ userId, body }) => s.deleteMeetData(userId, body.id));
};
