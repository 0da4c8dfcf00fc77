export * from './Account';
export * from './Workspace';
export * from './WorkspaceAccess';
export * from './Member';

import { AccountSchema } from './Account';
import { WorkspaceSchema } from './Workspace';
import { WorkspaceAccessSchema } from './WorkspaceAccess';
import { MemberSchema } from './Member';

export const ENTITIES = [AccountSchema, WorkspaceSchema, WorkspaceAccessSchema, MemberSchema];
