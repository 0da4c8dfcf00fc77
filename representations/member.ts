import type { Member, Settings } from '../db/entities';
import type { SettingsBlock } from '../domain/settings';
import { withLegacy } from '../domain/versions';
import { serializeSettings } from './settings';
import { settingsBlockSchema } from './settings-block';
import { z } from './zod';

export const memberSchema = z
  .object({
    id: z.string().openapi({ example: 'mem_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('member'),
    workspace_id: z.string(),
    email: z.string().nullable(),
    name: z.string(),
    client_reference_id: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    created_at: z.string(),
    settings: settingsBlockSchema.optional().openapi({
      description:
        'What applies to the member’s meetings that no category, series or meeting decides; on the list only with include=settings.',
    }),
  })
  .openapi('Member');

/** A member at the newest version; `policy` (its own settings, read as `policy` before 2026-10-12) rides as a fact. */
export function serializeMember(
  m: Member,
  settings: SettingsBlock | null = null,
  policy: Settings | null = null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: m.id,
    object: 'member',
    workspace_id: m.workspaceId,
    email: m.email,
    name: m.name,
    client_reference_id: m.clientReferenceId,
    metadata: m.metadata,
    created_at: m.createdAt.toISOString(),
  };
  if (settings) out.settings = settings;
  return policy ? withLegacy(out, { member_policy: serializeSettings(policy, []) }) : out;
}
