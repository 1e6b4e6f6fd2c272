import {
  CONTRACT_TEMPLATE_TYPES,
  type ContractTemplate,
  type ContractTemplateType,
  type DefaultContractTemplate,
  type MeetDataTemplate,
  type PlaceholderEntityType,
  type PlaceholdersMap,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { DEFAULT_TEMPLATES, PLACEHOLDERS, TEMPLATE_TYPE_NAMES } from './defaults';
import { sanitizeTemplateHtml } from './sanitize';
import type { ContractTemplateRow, MeetDataTemplateRow, TemplateRepository } from './template.repository';

interface ContractFields {
  name: string;
  type: ContractTemplateType;
  content: string;
  is_default: boolean;
}
interface MeetDataFields {
  name: string;
  text: string;
  place: string;
  contact_phone: string;
  is_default: boolean;
}

const toContract = (r: ContractTemplateRow): ContractTemplate => ({
  id: r.id,
  tour_organizer_id: r.organizer_id,
  name: r.name,
  type: r.type as ContractTemplateType,
  content: r.content,
  is_default: r.is_default,
  updated_at: r.updated_at.toISOString(),
});
const toMeetData = (r: MeetDataTemplateRow): MeetDataTemplate => ({
  id: r.id,
  tour_organizer_id: r.organizer_id,
  name: r.name,
  text: r.text,
  place: r.place,
  contact_phone: r.contact_phone,
  is_default: r.is_default,
  updated_at: r.updated_at.toISOString(),
});

export const createTemplateService = (deps: { repo: TemplateRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  /** A template of another tenant is simply not found. */
  const ownContract = async (userId: number, id: number): Promise<ContractTemplateRow> => {
    const row = await repo.findContract(id);
    if (!row || !(await tenancy.reaches(userId, row.organizer_id, 'organizer.write')))
      throw AppError.notFound('template_not_found');
    return row;
  };
  const ownMeetData = async (userId: number, id: number): Promise<MeetDataTemplateRow> => {
    const row = await repo.findMeetData(id);
    if (!row || !(await tenancy.reaches(userId, row.organizer_id, 'organizer.write')))
      throw AppError.notFound('template_not_found');
    return row;
  };
  const contractValues = (f: ContractFields) => ({
    name: f.name,
    type: f.type,
    content: sanitizeTemplateHtml(f.content),
    is_default: f.is_default,
  });
  const meetDataValues = (f: MeetDataFields) => ({
    name: f.name,
    text: f.text,
    place: f.place,
    contact_phone: f.contact_phone,
    is_default: f.is_default,
  });

  return {
    listContracts: async (userId: number, organizerId: number): Promise<ContractTemplate[]> => {
      await tenancy.assertMember(userId, organizerId, 'organizer.write');
      return (await repo.listContracts(organizerId)).map(toContract);
    },
    getContract: async (userId: number, id: number): Promise<ContractTemplate> =>
      toContract(await ownContract(userId, id)),
    createContract: async (userId: number, organizerId: number, f: ContractFields): Promise<ContractTemplate> => {
      await tenancy.assertMember(userId, organizerId, 'organizer.write');
      return repo.transaction(async (r) => {
        const row = await r.insertContract(organizerId, contractValues(f));
        if (row.is_default) await r.clearContractDefaults(organizerId, row.type, row.id);
        return toContract(row);
      });
    },
    updateContract: async (userId: number, id: number, f: ContractFields): Promise<ContractTemplate> => {
      const current = await ownContract(userId, id);
      return repo.transaction(async (r) => {
        const row = await r.updateContract(id, contractValues(f));
        if (row.is_default) await r.clearContractDefaults(current.organizer_id, row.type, row.id);
        return toContract(row);
      });
    },
    deleteContract: async (userId: number, id: number): Promise<{ success: boolean }> => {
      await ownContract(userId, id);
      await repo.deleteContract(id);
      return { success: true };
    },
    /** The shipped template of a type, in the caller's language. */
    defaultTemplate: async (
      ctx: ServiceContext,
      organizerId: number,
      type: ContractTemplateType,
    ): Promise<DefaultContractTemplate> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      return { type, name: TEMPLATE_TYPE_NAMES[type][ctx.lang], content: DEFAULT_TEMPLATES[type][ctx.lang] };
    },
    defaultTypes: (ctx: ServiceContext) =>
      CONTRACT_TEMPLATE_TYPES.map((type) => ({ type, name: TEMPLATE_TYPE_NAMES[type][ctx.lang] })),
    placeholders: (ctx: ServiceContext, entityType: PlaceholderEntityType): PlaceholdersMap => ({
      entity_type: entityType,
      placeholders: Object.entries(PLACEHOLDERS[entityType]).map(([key, d]) => ({ key, description: d[ctx.lang] })),
    }),

    listMeetData: async (userId: number, organizerId: number): Promise<MeetDataTemplate[]> => {
      await tenancy.assertMember(userId, organizerId, 'organizer.write');
      return (await repo.listMeetData(organizerId)).map(toMeetData);
    },
    createMeetData: async (userId: number, organizerId: number, f: MeetDataFields): Promise<MeetDataTemplate> => {
      await tenancy.assertMember(userId, organizerId, 'organizer.write');
      return repo.transaction(async (r) => {
        const row = await r.insertMeetData(organizerId, meetDataValues(f));
        if (row.is_default) await r.clearMeetDataDefaults(organizerId, row.id);
        return toMeetData(row);
      });
    },
    updateMeetData: async (userId: number, id: number, f: MeetDataFields): Promise<MeetDataTemplate> => {
      const current = await ownMeetData(userId, id);
      return repo.transaction(async (r) => {
        const row = await r.updateMeetData(id, meetDataValues(f));
        if (row.is_default) await r.clearMeetDataDefaults(current.organizer_id, row.id);
        return toMeetData(row);
      });
    },
    deleteMeetData: async (userId: number, id: number): Promise<{ success: boolean }> => {
      await ownMeetData(userId, id);
      await repo.deleteMeetData(id);
      return { success: true };
    },
  };
};
export type TemplateService = ReturnType<typeof createTemplateService>;
