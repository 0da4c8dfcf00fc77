import * as templates from '../../services/summary-templates';
import { workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { mapPage } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { serializeTemplate, templateSchema } from '../../representations/settings';
import { z } from '../../representations/zod';

const name = z.string().max(100).trim().min(1);
const sections = z
  .array(
    z.strictObject({ title: z.string().max(100).trim().min(1), instructions: z.string().max(2000).trim().default('') }),
  )
  .min(1)
  .max(20)
  .openapi({ description: 'The summary’s sections, in order: a title and what the section should contain.' });

export const listTemplates = defineRoute({
  method: 'get',
  path: '/summary_templates',
  tag: 'Settings',
  summary: "List a workspace's custom summary templates, oldest first",
  description:
    'Built-in templates (general, sales, interview, standup, one_on_one) are not listed; any of them or a `tpl_` id goes in `summary.template`.',
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: { schema: listSchema(templateSchema, 'SummaryTemplateList'), description: 'A page of templates.' },
  handler: async (ctx, { query }) => ({ page: mapPage(await templates.listTemplates(ctx, query), serializeTemplate) }),
});

export const getTemplate = defineRoute({
  method: 'get',
  path: '/summary_templates/{id}',
  tag: 'Settings',
  summary: 'Get a custom summary template',
  params: idParams,
  response: { schema: templateSchema, description: 'The template.' },
  handler: async (ctx, { params }) => ({ body: serializeTemplate(await templates.getTemplate(ctx, params.id)) }),
});

export const createTemplate = defineRoute({
  method: 'post',
  path: '/summary_templates',
  tag: 'Settings',
  summary: 'Create a custom summary template (owner or admin)',
  body: z.strictObject({ workspace_id: workspaceIdInput, name, sections }),
  response: { status: 201, schema: templateSchema, description: 'The template.' },
  handler: async (ctx, { body }) => ({
    status: 201,
    body: serializeTemplate(await templates.createTemplate(ctx, body)),
  }),
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
  handler: async (ctx, { params, body }) => ({
    body: serializeTemplate(await templates.updateTemplate(ctx, params.id, body)),
  }),
});

export const deleteTemplate = defineRoute({
  method: 'delete',
  path: '/summary_templates/{id}',
  tag: 'Settings',
  summary: 'Delete a template no settings use (owner or admin)',
  description: '409 settings_in_use while any settings object names it in `summary.template`.',
  params: idParams,
  response: {
    schema: z
      .object({ id: z.string(), object: z.literal('summary_template'), deleted: z.literal(true) })
      .openapi('DeletedSummaryTemplate'),
    description: 'The template is gone.',
  },
  errors: { 409: 'settings_in_use: settings still name the template' },
  handler: async (ctx, { params }) => {
    const template = await templates.deleteTemplate(ctx, params.id);
    return { body: { id: template.id, object: 'summary_template', deleted: true } };
  },
});

export const summaryTemplateRoutes = [listTemplates, getTemplate, createTemplate, updateTemplate, deleteTemplate];
