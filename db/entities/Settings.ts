import { EntitySchema } from '@mikro-orm/core';
import type { LegacyValues, SettingValues } from '../../domain/settings';

export type OwnKind = 'workspace' | 'member' | 'meeting';

/** A settings object (`set_`): named and reusable, or the own settings of a workspace, member or meeting. */
export class Settings {
  id!: string;
  workspaceId!: string;
  name: string | null = null;
  values: SettingValues = {};
  /**
   * What pins before 2026-10-12 wrote that the newest shape cannot hold, by dotted path: the removed
   * policy fields, and `recording.methods.bot.start` when written with an older word (domain/settings/legacy.ts).
   */
  legacyValues: LegacyValues = {};
  /** Set on own settings: what they belong to (they stay assigned to its scope only). */
  ownKind: OwnKind | null = null;
  ownId: string | null = null;
  /** Bumped on every change; the ETag that `If-Match` compares. */
  version = 1;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const SettingsSchema = new EntitySchema<Settings>({
  class: Settings,
  tableName: 'settings',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    name: { type: 'string', nullable: true },
    values: { type: 'json' },
    legacyValues: { type: 'json', fieldName: 'legacy_values' },
    ownKind: { type: 'string', nullable: true },
    ownId: { type: 'string', nullable: true },
    version: { type: 'number' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});

/** A settings assignment (`asg_`): one settings object applied to one scope. */
export class SettingsAssignment {
  id!: string;
  settingsId!: string;
  /** Canonical conditions (domain/settings/scope.ts). */
  scope!: string[];
  /** The canonical conditions joined: unique, so each scope is set once. */
  scopeKey!: string;
  /** Columns of the anchor, for loading what reaches an object without parsing every scope. */
  accountId: string | null = null;
  workspaceId: string | null = null;
  memberId: string | null = null;
  meetingId: string | null = null;
  specificity!: number;
  createdAt: Date = new Date();
}

export const SettingsAssignmentSchema = new EntitySchema<SettingsAssignment>({
  class: SettingsAssignment,
  tableName: 'settings_assignments',
  properties: {
    id: { type: 'string', primary: true },
    settingsId: { type: 'string' },
    scope: { type: 'json' },
    scopeKey: { type: 'string' },
    accountId: { type: 'string', nullable: true },
    workspaceId: { type: 'string', nullable: true },
    memberId: { type: 'string', nullable: true },
    meetingId: { type: 'string', nullable: true },
    specificity: { type: 'number' },
    createdAt: { type: 'Date' },
  },
});

export type TemplateSection = { title: string; instructions: string };

/** A custom summary template (`tpl_`): named sections with instructions, usable as `summary.template`. */
export class SummaryTemplate {
  id!: string;
  workspaceId!: string;
  name!: string;
  sections: TemplateSection[] = [];
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const SummaryTemplateSchema = new EntitySchema<SummaryTemplate>({
  class: SummaryTemplate,
  tableName: 'summary_templates',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    name: { type: 'string' },
    sections: { type: 'json' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});
