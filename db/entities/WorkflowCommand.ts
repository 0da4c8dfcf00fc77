import { EntitySchema } from '@mikro-orm/core';
import type { WorkflowCommand } from '../../domain/commands';

/** A command of the outbox: persisted with the change that needs it, sent after commit by the dispatcher. */
export class WorkflowCommandRow {
  id?: string;
  workflowId!: string;
  command!: WorkflowCommand;
  createdAt: Date = new Date();
  dueAt: Date = new Date();
  attempts = 0;
  lastError: string | null = null;
  parkedAt: Date | null = null;
  dispatchedAt: Date | null = null;
}

export const WorkflowCommandSchema = new EntitySchema<WorkflowCommandRow>({
  class: WorkflowCommandRow,
  tableName: 'workflow_commands',
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    workflowId: { type: 'string' },
    command: { type: 'json' },
    createdAt: { type: 'Date' },
    dueAt: { type: 'Date' },
    attempts: { type: 'integer' },
    lastError: { type: 'text', nullable: true },
    parkedAt: { type: 'Date', nullable: true },
    dispatchedAt: { type: 'Date', nullable: true },
  },
});
