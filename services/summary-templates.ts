import { SummaryTemplate, type TemplateSection } from '../db/entities';
import { settingsNamingTemplate } from '../db/settings';
import { ApiError, notFound, unauthorized } from '../domain/errors';
import { newId } from '../domain/ids';
import { decodeCursor, pageOf, type Page } from '../domain/pagination';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import type { RequestCtx } from './context';

/** A template the key may read; writes need an owner or admin. */
async function loadTemplate(ctx: RequestCtx, id: string, write = false): Promise<SummaryTemplate> {
  const template = await ctx.em.findOne(SummaryTemplate, { id });
  if (!template) throw notFound('Summary template');
  const { access } = await accessToObject(ctx, template.workspaceId, 'Summary template');
  if (access.role === 'guest') throw notFound('Summary template');
  if (write && !MANAGERS.includes(access.role)) throw unauthorized();
  return template;
}

/** A workspace's custom templates, oldest first; guests see none. */
export async function listTemplates(
  ctx: RequestCtx,
  query: { workspace_id: string; cursor?: string; limit: number },
): Promise<Page<SummaryTemplate>> {
  const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
  if (access.role === 'guest') throw unauthorized();
  const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
  const rows = await ctx.em.find(
    SummaryTemplate,
    { workspaceId: workspace.id, id: { $gt: after?.id ?? '' } },
    { orderBy: { id: 'asc' }, limit: query.limit + 1 },
  );
  return pageOf(rows, query.limit, (t) => ({ id: t.id }));
}

export async function getTemplate(ctx: RequestCtx, id: string): Promise<SummaryTemplate> {
  return loadTemplate(ctx, id);
}

/** A new custom template (owners and admins). */
export async function createTemplate(
  ctx: RequestCtx,
  input: { workspace_id: string; name: string; sections: TemplateSection[] },
): Promise<SummaryTemplate> {
  const { workspace } = await workspaceFor(ctx, input.workspace_id, { roles: MANAGERS });
  const now = new Date();
  const template = Object.assign(new SummaryTemplate(), {
    id: newId('summaryTemplate'),
    workspaceId: workspace.id,
    name: input.name,
    sections: input.sections,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.em.persist(template).flush();
  return template;
}

/** Renames a template or replaces its sections (owners and admins); summaries already made keep theirs. */
export async function updateTemplate(
  ctx: RequestCtx,
  id: string,
  change: { name?: string; sections?: TemplateSection[] },
): Promise<SummaryTemplate> {
  const template = await loadTemplate(ctx, id, true);
  if (change.name !== undefined) template.name = change.name;
  if (change.sections !== undefined) template.sections = change.sections;
  template.updatedAt = new Date();
  await ctx.em.flush();
  return template;
}

/** Deletes a template no settings name in `summary.template` (owners and admins). */
export async function deleteTemplate(ctx: RequestCtx, id: string): Promise<SummaryTemplate> {
  const template = await loadTemplate(ctx, id, true);
  const users = await settingsNamingTemplate(ctx.em, template.workspaceId, template.id, 5);
  if (users.length)
    throw new ApiError(
      409,
      'settings_in_use',
      `The template is used by settings ${users.join(', ')}: point their summary.template elsewhere first.`,
    );
  await ctx.em.remove(template).flush();
  return template;
}
