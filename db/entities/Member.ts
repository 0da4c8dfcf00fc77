import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../domain/metadata';

/** An end user of the integrator inside a workspace (spec: Member). */
export class Member {
  id!: string;
  workspaceId!: string;
  email: string | null = null;
  name!: string;
  clientReferenceId: string | null = null;
  metadata: Metadata = {};
  deletedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const MemberSchema = new EntitySchema<Member>({
  class: Member,
  tableName: 'members',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    email: { type: 'string', nullable: true },
    name: { type: 'string' },
    clientReferenceId: { type: 'string', nullable: true },
    metadata: { type: 'json' },
    deletedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
