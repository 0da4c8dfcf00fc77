import type { CalendarConnection } from '../db/entities';
import { z } from './zod';

export const connectionSchema = z
  .object({
    id: z.string().openapi({ example: 'cal_01jdz4m7k3q8v2n6x9c5b1t0aa' }),
    object: z.literal('calendar_connection'),
    workspace_id: z.string(),
    member_id: z.string(),
    provider: z.enum(['google', 'microsoft']),
    status: z.enum(['syncing', 'active', 'error', 'disconnected']),
    account_email: z.string(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    connected_at: z.string(),
    last_synced_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('CalendarConnection');

export function serializeConnection(c: CalendarConnection): Record<string, unknown> {
  return {
    id: c.id,
    object: 'calendar_connection',
    workspace_id: c.workspaceId,
    member_id: c.memberId,
    provider: c.provider,
    status: c.status,
    account_email: c.accountEmail,
    error: c.status === 'error' ? c.error : null,
    connected_at: c.connectedAt.toISOString(),
    last_synced_at: c.lastSyncedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
  };
}
