import { SummaryTemplate, type TemplateSection } from '../db/entities';
import { settingsNamingTemplate } from '../db/settings';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, notFound, unauthorized, type FieldIssue } from '../domain/errors';
import { newId } from '../domain/ids';
import { decodeCursor, pageOf, type Page } from '../domain/pagination';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import type { RequestCtx } from './context';

/**
 * Whether a `tpl_` value can summarise this workspace's meetings: a template of another workspace
 * exists but cannot be used here (422 unusable_setting); an id naming no template is 422 invalid.
 */
export async function templateIssue(
  em: EntityManager,
  workspaceId: string,
  template: string,
  field: string,
): Promise<FieldIssue | null> {
  if (!template.startsWith('tpl_')) return null;
  const found = await em.findOne(SummaryTemplate, { id: template });
  if (found?.workspaceId === workspaceId) return null;
  return found
    ? {
        code: 'unusable_setting',
        field,
        message: `${field} names a summary template of another workspace (${template}); only this workspace's templates can be used.`,
      }
    : { code: 'invalid', field, message: `${field} names no summary template of this workspace: ${template}.` };
}

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
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
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
