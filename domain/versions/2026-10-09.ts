import type { ChangeModule, Representation } from './types';

/** Before 2026-10-09 a workspace id inside these objects was the workspace's integer id. */
function integerWorkspaceId(r: Representation, numbers: Record<string, number> | undefined): Representation {
  const id = r.workspace_id;
  if (typeof id !== 'string') return r;
  const n = numbers?.[id];
  return n === undefined ? r : { ...r, workspace_id: n };
}

export const release20261009: ChangeModule = {
  version: '2026-10-09',
  title: 'Workspace ids on brand kits and agent sessions are strings',
  changes: [
    'workspace_id on brand kits and in the agent handoff (POST /agent_sessions) is the wks_ string id; earlier pins read the integer id. Requests accept both at every version.',
  ],
  downgrade: {
    brand_kit: (r, { facts }) => integerWorkspaceId(r, facts.workspace_numbers),
    agent_session: (r, { facts }) => integerWorkspaceId(r, facts.workspace_numbers),
  },
};
