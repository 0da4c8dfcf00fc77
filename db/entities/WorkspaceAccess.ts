import { EntitySchema } from '@mikro-orm/core';

export const ROLES = ['owner', 'admin', 'member', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/** What an account may do in a workspace (spec: Workspace `role`). */
export class WorkspaceAccess {
  accountId!: string;
  workspaceId!: string;
  role!: Role;
  /** For the `member` role: the member whose meetings the account reads. */
  memberId: string | null = null;
  createdAt: Date = new Date();
}

export const WorkspaceAccessSchema = new EntitySchema<WorkspaceAccess>({
  class: WorkspaceAccess,
  tableName: 'workspace_accesses',
  properties: {
    accountId: { type: 'string', primary: true },
    workspaceId: { type: 'string', primary: true },
    role: { type: 'string' },
    memberId: { type: 'string', nullable: true },
    createdAt: { type: 'Date' },
  },
});
