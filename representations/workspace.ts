import type { Workspace, WorkspaceAccess } from '../db/entities';
import type { SettingsBlock } from '../domain/settings';
import { settingsBlockSchema } from './settings-block';
import { z } from './zod';

export const workspaceSchema = z
  .object({
    id: z.string().openapi({ example: 'wks_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('workspace'),
    name: z.string(),
    role: z.enum(['owner', 'admin', 'member', 'guest']),
    metadata: z.record(z.string(), z.string()),
    created_at: z.string(),
    updated_at: z.string(),
    owner_email: z.string().nullable().optional().openapi({ description: 'Staff keys only.' }),
    members_count: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Staff keys only: members, excluding guests and deleted users.' }),
    is_human_transcription_allowed: z.boolean().optional().openapi({ description: 'Staff keys only.' }),
    is_human_translation_allowed: z.boolean().optional().openapi({ description: 'Staff keys only.' }),
    email_domains: z.array(z.string()).optional().openapi({ description: 'Staff keys only.' }),
    idp_company_names: z.array(z.string()).optional().openapi({ description: 'Staff keys only.' }),
    currency: z.string().nullable().optional().openapi({ description: 'Staff keys only.' }),
    settings: settingsBlockSchema.optional().openapi({
      description:
        'What applies to the workspace’s meetings that no member, category, series or meeting decides; on the list only with include=settings.',
    }),
  })
  .openapi('Workspace');

export type StaffFacts = { ownerEmail: string | null; membersCount: number };

/** Newest shape; older pins are produced by the version chain. */
export function serializeWorkspace(
  w: Workspace,
  access: WorkspaceAccess,
  staff: StaffFacts | null,
  settings: SettingsBlock | null = null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: w.id,
    object: 'workspace',
    name: w.name,
    role: access.role,
    metadata: w.metadata,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
  if (staff) {
    Object.assign(out, {
      owner_email: staff.ownerEmail,
      members_count: staff.membersCount,
      is_human_transcription_allowed: w.isHumanTranscriptionAllowed,
      is_human_translation_allowed: w.isHumanTranslationAllowed,
      email_domains: w.emailDomains,
      idp_company_names: w.idpCompanyNames,
      currency: w.currency,
    });
  }
  if (settings) out.settings = settings;
  return out;
}
