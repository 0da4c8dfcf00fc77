import { Migration } from '@mikro-orm/migrations';

/** Accounts and keys, workspaces, access roles, members, rate-limit counters. */
export class Migration20261122000000_platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table accounts (
        id text primary key,
        email text not null unique,
        name text,
        is_staff boolean not null default false,
        api_key_hash text not null unique,
        version_pin text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table workspaces (
        id text primary key,
        legacy_id bigserial not null unique,
        name text not null,
        metadata jsonb not null default '{}',
        created_by text not null references accounts(id),
        is_human_transcription_allowed boolean not null default true,
        is_human_translation_allowed boolean not null default true,
        email_domains jsonb not null default '[]',
        idp_company_names jsonb not null default '[]',
        currency text,
        archived_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index workspaces_created_by_created_at on workspaces (created_by, created_at);
      create table workspace_accesses (
        account_id text not null references accounts(id) on delete cascade,
        workspace_id text not null references workspaces(id) on delete cascade,
        role text not null check (role in ('owner', 'admin', 'member', 'guest')),
        member_id text,
        created_at timestamptz not null default now(),
        primary key (account_id, workspace_id)
      );
      create index workspace_accesses_workspace on workspace_accesses (workspace_id);
      create table members (
        id text primary key,
        workspace_id text not null references workspaces(id),
        email text,
        name text not null,
        client_reference_id text,
        metadata jsonb not null default '{}',
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index members_workspace_email on members (workspace_id, lower(email)) where deleted_at is null and email is not null;
      create index members_workspace_id on members (workspace_id, id);
      create index members_workspace_created_at on members (workspace_id, created_at);
      create index members_client_reference on members (workspace_id, client_reference_id);
      -- Counters need no durability: unlogged skips the WAL, so a hit costs no disk flush.
      create unlogged table rate_limit_counters (
        key text not null,
        window_start timestamptz not null,
        count integer not null,
        primary key (key, window_start)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table rate_limit_counters; drop table members; drop table workspace_accesses; drop table workspaces; drop table accounts;',
    );
  }
}
