import type { FastifyInstance } from 'fastify';
import { contractTemplateApi, documentTemplateApi, meetDataTemplateApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { TemplateService } from './template.service';

export const templateRoutes = (
  app: FastifyInstance,
  deps: { templates: TemplateService; contextOf: ContextOf },
): void => {
  const { templates: s, contextOf } = deps;
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
  registerRoute(app, contractTemplateApi.getDefaultTemplateByType, ({ query, request }) =>
    s.defaultTemplate(contextOf(request), query.organizer_id, query.type),
  );
  registerRoute(app, contractTemplateApi.getDefaultTemplateTypes, ({ request }) => s.defaultTypes(contextOf(request)));
  registerRoute(app, documentTemplateApi.placeholdersMap, ({ query, request }) =>
    s.placeholders(contextOf(request), query.entity_type),
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
