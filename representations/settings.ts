import type { Settings, SettingsAssignment, SummaryTemplate } from '../db/entities';
import { nestedValues, removedOf, START_PATH } from '../domain/settings';
import { withLegacy } from '../domain/versions';
import { z } from './zod';

const unset = (schema: z.ZodType) =>
  schema.nullable().openapi({ description: 'null: this object leaves the value to the next layer.' });

export const settingsSchema = z
  .object({
    id: z.string().openapi({ example: 'set_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('settings'),
    workspace_id: z.string(),
    name: z.string().nullable(),
    own: z.boolean().openapi({
      description: 'True for the own settings of a workspace, member or meeting (assigned to its own scope only).',
    }),
    recording: z.object({
      enabled: unset(z.boolean()),
      methods: z.object({
        bot: z.object({
          start: unset(z.enum(['on_join', 'on_command'])),
          mode: unset(z.enum(['audio_and_video', 'audio_only'])),
          silence_detection: z.object({ alert: unset(z.boolean()) }),
        }),
      }),
    }),
    transcription: z.object({ language: unset(z.string()) }),
    summary: z.object({ template: unset(z.string()), language: unset(z.string()) }),
    branding: z.object({ brand_kit_id: unset(z.string()) }),
    assignments: z.array(z.object({ id: z.string(), scope: z.array(z.string()) })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Settings');

/** A settings object at the newest version; what older pins read besides (removed fields, an older start word) rides as facts. */
export function serializeSettings(s: Settings, assignments: SettingsAssignment[]): Record<string, unknown> {
  const olderStart = s.legacyValues[START_PATH];
  const out = {
    id: s.id,
    object: 'settings',
    workspace_id: s.workspaceId,
    name: s.name,
    own: s.ownKind !== null,
    ...nestedValues(s.values),
    assignments: assignments.map((a) => ({ id: a.id, scope: a.scope })),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
  return withLegacy(out, {
    removed_settings: removedOf(s.legacyValues),
    ...(typeof olderStart === 'string' ? { older_start: olderStart } : {}),
  });
}

/** The ETag of a settings object: its version, compared by `If-Match`. */
export const settingsEtag = (s: Settings) => `"${s.version}"`;

export const assignmentSchema = z
  .object({
    id: z.string().openapi({ example: 'asg_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('settings_assignment'),
    settings_id: z.string(),
    scope: z.array(z.string()).openapi({ example: ['members:mem_01jdz4m7k3q8v2n6x9c5b1t0aa', 'meetings:external'] }),
    own: z.boolean().openapi({
      description: 'True for the assignment of an own settings object to its own scope (it cannot be deleted).',
    }),
    created_at: z.string(),
  })
  .openapi('SettingsAssignment');

export function serializeAssignment(a: SettingsAssignment, own: boolean): Record<string, unknown> {
  return {
    id: a.id,
    object: 'settings_assignment',
    settings_id: a.settingsId,
    scope: a.scope,
    own,
    created_at: a.createdAt.toISOString(),
  };
}

export const templateSchema = z
  .object({
    id: z.string().openapi({ example: 'tpl_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('summary_template'),
    workspace_id: z.string(),
    name: z.string(),
    sections: z.array(z.object({ title: z.string(), instructions: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('SummaryTemplate');

export function serializeTemplate(t: SummaryTemplate): Record<string, unknown> {
  return {
    id: t.id,
    object: 'summary_template',
    workspace_id: t.workspaceId,
    name: t.name,
    sections: t.sections,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
