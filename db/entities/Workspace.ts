import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../domain/metadata';

export class Workspace {
  id!: string;
  /** Integer id older integrations still send; accepted wherever a wks_ id is. */
  legacyId?: number;
  name!: string;
  metadata: Metadata = {};
  createdBy!: string;
  isHumanTranscriptionAllowed = true;
  isHumanTranslationAllowed = true;
  emailDomains: string[] = [];
  idpCompanyNames: string[] = [];
  currency: string | null = null;
  archivedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const WorkspaceSchema = new EntitySchema<Workspace>({
  class: Workspace,
  tableName: 'workspaces',
  properties: {
    id: { type: 'string', primary: true },
    legacyId: { type: 'number', autoincrement: true, unique: true, persist: false },
    name: { type: 'string' },
    metadata: { type: 'json' },
    createdBy: { type: 'string' },
    isHumanTranscriptionAllowed: { type: 'boolean' },
    isHumanTranslationAllowed: { type: 'boolean' },
    emailDomains: { type: 'json' },
    idpCompanyNames: { type: 'json' },
    currency: { type: 'string', nullable: true },
    archivedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
