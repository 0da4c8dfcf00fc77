import { Migration } from '@mikro-orm/migrations';

/**
 * The web application at {app_url} (spec Authentication 7 and 8): passwords, browser sessions, the
 * personal key kept sealed so the agent handoff can hand it over, handoff codes (hashed) and the
 * proof-of-work challenges already spent.
 */
export class Migration20261124000000_web_app extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table accounts add column password_hash text null;');
    this.addSql('alter table accounts add column api_key_sealed text null;');
    this.addSql('alter table accounts add column api_key_created_at timestamptz null;');
    this.addSql('update accounts set api_key_created_at = created_at;');
    this.addSql('alter table accounts alter column api_key_created_at set not null;');
    this.addSql(`create table web_sessions (
      id_hash text primary key,
      account_id text null references accounts (id) on delete cascade,
      csrf_token text not null,
      flash text null,
      created_at timestamptz not null,
      expires_at timestamptz not null
    );`);
    this.addSql('create index web_sessions_account_id_index on web_sessions (account_id);');
    this.addSql('create index web_sessions_expires_at_index on web_sessions (expires_at);');
    this.addSql(`create table agent_session_codes (
      code_hash text primary key,
      account_id text not null references accounts (id) on delete cascade,
      workspace_id text not null references workspaces (id),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      used_from text null
    );`);
    this.addSql('create index agent_session_codes_account_index on agent_session_codes (account_id, used_at);');
    this.addSql('create table spent_challenges (id text primary key, spent_at timestamptz not null);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table spent_challenges;');
    this.addSql('drop table agent_session_codes;');
    this.addSql('drop table web_sessions;');
    this.addSql('alter table accounts drop column api_key_created_at;');
    this.addSql('alter table accounts drop column api_key_sealed;');
    this.addSql('alter table accounts drop column password_hash;');
  }
}
