import type { Member } from '../../db/entities';
import { z } from '../zod';

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
  })
  .openapi('Member');

export function serializeMember(m: Member): Record<string, unknown> {
  return {
    id: m.id,
    object: 'member',
    workspace_id: m.workspaceId,
    email: m.email,
    name: m.name,
    client_reference_id: m.clientReferenceId,
    metadata: m.metadata,
    created_at: m.createdAt.toISOString(),
  };
}
