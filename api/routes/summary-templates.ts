import { SummaryTemplate } from '../../db/entities';
import { newId } from '../../domain/ids';
import { accessToObject, MANAGERS, workspaceFor } from '../../services/access';
import { workspaceIdInput, idParams } from '../inputs';
import type { RequestCtx } from '../../services/context';
import { ApiError, notFound, unauthorized } from '../../domain/errors';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { serializeTemplate, templateSchema } from '../../representations/settings';
import { z } from '../../representations/zod';

const name = z.string().max(100).trim().min(1);
const sections = z
  .array(z.strictObject({ title: z.string().max(100).trim().min(1), instructions: z.string().max(2000).trim().default('') }))
  .min(1)
  .max(20)
  .openapi({ description: 'The summary’s sections, in order: a title and what the section should contain.' });

/** A template the key may read; writes need an owner or admin. */
async function loadTemplate(ctx: RequestCtx, id: string, write = false): Promise<SummaryTemplate> {
  const template = await ctx.em.findOne(SummaryTemplate, { id });
  if (!template) throw notFound('Summary template');
  const { access } = await accessToObject(ctx, template.workspaceId, 'Summary template');
  if (access.role === 'guest') throw notFound('Summary template');
  if (write && !MANAGERS.includes(access.role)) throw unauthorized();
  return template;
}

export const listTemplates = defineRoute({
  method: 'get',
  path: '/summary_templates',
  tag: 'Settings',
  summary: "List a workspace's custom summary templates, oldest first",
  description: 'Built-in templates (general, sales, interview, standup, one_on_one) are not listed; any of them or a `tpl_` id goes in `summary.template`.',
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: { schema: listSchema(templateSchema, 'SummaryTemplateList'), description: 'A page of templates.' },
  handler: async (ctx, { query }) => {
    const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
    if (access.role === 'guest') throw unauthorized();
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const rows = await ctx.em.find(SummaryTemplate, { workspaceId: workspace.id, id: { $gt: after?.id ?? '' } }, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
    const page = pageOf(rows, query.limit, (t) => ({ id: t.id }));
    return { page: { ...page, data: page.data.map(serializeTemplate) } };
  },
});

export const getTemplate = defineRoute({
  method: 'get',
  path: '/summary_templates/{id}',
  tag: 'Settings',
  summary: 'Get a custom summary template',
  params: idParams,
  response: { schema: templateSchema, description: 'The template.' },
  handler: async (ctx, { params }) => ({ body: serializeTemplate(await loadTemplate(ctx, params.id)) }),
});

export const createTemplate = defineRoute({
  method: 'post',
  path: '/summary_templates',
  tag: 'Settings',
  summary: 'Create a custom summary template (owner or admin)',
  body: z.strictObject({ workspace_id: workspaceIdInput, name, sections }),
  response: { status: 201, schema: templateSchema, description: 'The template.' },
  handler: async (ctx, { body }) => {
    const { workspace } = await workspaceFor(ctx, body.workspace_id, { roles: MANAGERS });
    const now = new Date();
    const template = Object.assign(new SummaryTemplate(), { id: newId('summaryTemplate'), workspaceId: workspace.id, name: body.name, sections: body.sections, createdAt: now, updatedAt: now });
    await ctx.em.persist(template).flush();
    return { status: 201, body: serializeTemplate(template) };
  },
});

export const updateTemplate = defineRoute({
  method: 'patch',
  path: '/summary_templates/{id}',
  tag: 'Settings',
  summary: 'Rename a template or replace its sections (owner or admin)',
  description: 'Summaries made from now on use the new sections; summaries already made keep theirs.',
  params: idParams,
  body: z.strictObject({ name: name.optional(), sections: sections.optional() }),
  response: { schema: templateSchema, description: 'The template.' },
  handler: async (ctx, { params, body }) => {
    const template = await loadTemplate(ctx, params.id, true);
    if (body.name !== undefined) template.name = body.name;
    if (body.sections !== undefined) template.sections = body.sections;
    template.updatedAt = new Date();
    await ctx.em.flush();
    return { body: serializeTemplate(template) };
  },
});

export const deleteTemplate = defineRoute({
  method: 'delete',
  path: '/summary_templates/{id}',
  tag: 'Settings',
  summary: 'Delete a template no settings use (owner or admin)',
  description: '409 settings_in_use while any settings object names it in `summary.template`.',
  params: idParams,
  response: { schema: z.object({ id: z.string(), object: z.literal('summary_template'), deleted: z.literal(true) }).openapi('DeletedSummaryTemplate'), description: 'The template is gone.' },
  errors: { 409: 'settings_in_use: settings still name the template' },
  handler: async (ctx, { params }) => {
    const template = await loadTemplate(ctx, params.id, true);
    const users = await ctx.em.execute<{ id: string }[]>(`select id from settings where workspace_id = ? and "values"->>'summary.template' = ? order by id limit 5`, [template.workspaceId, template.id]);
    if (users.length) throw new ApiError(409, 'settings_in_use', `The template is used by settings ${users.map((u) => u.id).join(', ')}: point their summary.template elsewhere first.`);
    await ctx.em.remove(template).flush();
    return { body: { id: template.id, object: 'summary_template', deleted: true } };
  },
});

export const summaryTemplateRoutes = [listTemplates, getTemplate, createTemplate, updateTemplate, deleteTemplate];
