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

/** What a workspace's representation reads of its row: all a key that is not staff's is shown (db/workspaces LISTED_COLUMNS). */
export type ListedWorkspace = Pick<Workspace, 'id' | 'name' | 'metadata' | 'createdAt' | 'updatedAt'>;

/** Staff keys only: the workspace's owner and member count, and the columns only staff is shown. */
export type StaffFacts = { ownerEmail: string | null; membersCount: number } & Pick<
  Workspace,
  'isHumanTranscriptionAllowed' | 'isHumanTranslationAllowed' | 'emailDomains' | 'idpCompanyNames' | 'currency'
>;

/** Newest shape; older pins are produced by the version chain. */
export function serializeWorkspace(
  w: ListedWorkspace,
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
      is_human_transcription_allowed: staff.isHumanTranscriptionAllowed,
      is_human_translation_allowed: staff.isHumanTranslationAllowed,
      email_domains: staff.emailDomains,
      idp_company_names: staff.idpCompanyNames,
      currency: staff.currency,
    });
  }
  if (settings) out.settings = settings;
  return out;
}
