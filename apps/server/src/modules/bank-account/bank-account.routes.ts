import type { FastifyInstance } from 'fastify';
import { bankAccountApi } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { BankAccountService } from './bank-account.service';

export const bankAccountRoutes = (app: FastifyInstance, deps: { bankAccounts: BankAccountService }): void => {
  const s = deps.bankAccounts;
  registerRoute(app, bankAccountApi.popupData, ({ userId, query }) =>
    s.popupData(userId, query.tour_organizer_id, query.id),
  );
  registerRoute(app, bankAccountApi.getList, ({ userId, query }) => s.list(userId, query.tour_organizer_id));
  registerRoute(app, bankAccountApi.create, ({ userId, body }) => {
    const { tour_organizer_id, ...fields } = body;
    return s.create(userId, tour_organizer_id, fields);
  });
  registerRoute(app, bankAccountApi.update, ({ userId, body }) => {
    const { tour_organizer_id, id, ...fields } = body;
    return s.update(userId, tour_organizer_id, id, fields);
  });
  registerRoute(app, bankAccountApi.delete, ({ userId, body }) => s.delete(userId, body.tour_organizer_id, body.id));
};
