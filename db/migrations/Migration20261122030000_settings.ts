import { Migration } from '@mikro-orm/migrations';

/**
 * Settings objects, their assignments and custom summary templates. Every workspace, member and
 * meeting gets its own settings assigned to its own scope; meetings' own values move out of
 * `meetings.own_settings` into their settings objects.
 */
export class Migration20261122030000_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table summary_templates (
        id text primary key,
        workspace_id text not null references workspaces(id),
        name text not null,
        sections jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index summary_templates_workspace on summary_templates (workspace_id, id);

      create table settings (
        id text primary key,
        workspace_id text not null references workspaces(id),
        name text,
        "values" jsonb not null default '{}',
        own_kind text check (own_kind in ('workspace', 'member', 'meeting')),
        own_id text,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check ((own_kind is null) = (own_id is null))
      );
      create unique index settings_own on settings (own_id) where own_id is not null;
      create index settings_workspace on settings (workspace_id, id) where own_kind is null or own_kind = 'workspace';
      create index settings_member_own on settings (workspace_id, own_id) where own_kind = 'member';

      create table settings_assignments (
        id text primary key,
        settings_id text not null references settings(id),
        scope jsonb not null,
        scope_key text not null unique,
        account_id text,
        workspace_id text,
        member_id text,
        meeting_id text,
        specificity integer not null,
        created_at timestamptz not null default now(),
        check ((account_id is null) <> (workspace_id is null))
      );
      create index settings_assignments_settings on settings_assignments (settings_id);
      create index settings_assignments_workspace on settings_assignments (workspace_id, member_id, specificity);
      create index settings_assignments_workspace_anchored on settings_assignments (workspace_id) where member_id is null and meeting_id is null;
      create index settings_assignments_member on settings_assignments (member_id) where member_id is not null;
      create index settings_assignments_meeting on settings_assignments (meeting_id) where meeting_id is not null;
      create index settings_assignments_account on settings_assignments (account_id) where account_id is not null;

      insert into settings (id, workspace_id, own_kind, own_id, created_at, updated_at)
        select 'set_' || substr(md5('workspace:' || id), 1, 26), id, 'workspace', id, created_at, created_at from workspaces;
      insert into settings_assignments (id, settings_id, scope, scope_key, workspace_id, specificity, created_at)
        select 'asg_' || substr(md5('workspace-assignment:' || id), 1, 26), 'set_' || substr(md5('workspace:' || id), 1, 26),
               jsonb_build_array('workspaces:' || id), 'workspaces:' || id, id, 200, created_at from workspaces;
      insert into settings (id, workspace_id, own_kind, own_id, created_at, updated_at)
        select 'set_' || substr(md5('member:' || id), 1, 26), workspace_id, 'member', id, created_at, created_at from members;
      insert into settings_assignments (id, settings_id, scope, scope_key, workspace_id, member_id, specificity, created_at)
        select 'asg_' || substr(md5('member-assignment:' || id), 1, 26), 'set_' || substr(md5('member:' || id), 1, 26),
               jsonb_build_array('members:' || id), 'members:' || id, workspace_id, id, 400, created_at from members;
      insert into settings (id, workspace_id, "values", own_kind, own_id, created_at, updated_at)
        select own_settings_id, workspace_id, own_settings, 'meeting', id, created_at, created_at from meetings;
      insert into settings_assignments (id, settings_id, scope, scope_key, workspace_id, meeting_id, specificity, created_at)
        select own_assignment_id, own_settings_id, jsonb_build_array('workspaces:' || workspace_id, 'meetings:' || id),
               'workspaces:' || workspace_id || '|meetings:' || id, workspace_id, id, 700, created_at from meetings;

      alter table meetings drop column own_settings;
      alter table meetings add column ical_uid text;
      alter table meetings add column settings_digest text;
      create index meetings_ical_uid on meetings (workspace_id, ical_uid) where ical_uid is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table meetings add column own_settings jsonb not null default '{}';
      update meetings m set own_settings = s."values" from settings s where s.id = m.own_settings_id;
      alter table meetings drop column ical_uid;
      alter table meetings drop column settings_digest;
      drop table settings_assignments; drop table settings; drop table summary_templates;
    `);
  }
}
