import type { Workspace } from '../db/entities';
import { withLegacy, type Representation } from '../domain/versions';
import { z } from './zod';

/** Spec Agent session: the user's personal key and a workspace the user can write to. */
export function serializeAgentSession(apiKey: string, workspace: Workspace): Representation {
  const out = { api_key: apiKey, workspace_id: workspace.id };
  // Pins before 2026-10-09 read the workspace's integer id (domain/versions/2026-10-09.ts).
  return workspace.legacyId === undefined
    ? out
    : withLegacy(out, { workspace_numbers: { [workspace.id]: Number(workspace.legacyId) } });
}

export const AgentSessionSchema = z
  .object({
    api_key: z
      .string()
      .describe('The user’s personal API key: keep it in the environment or a secret store, never echo it.'),
    workspace_id: z
      .union([z.string(), z.number().int()])
      .describe('A workspace the user can write to: a wks_ id; the integer id for keys pinned before 2026-10-09.'),
  })
  .openapi('AgentSession');
