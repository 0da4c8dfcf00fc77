import { Migration } from '@mikro-orm/migrations';

/**
 * `settings_candidates(account_ids, workspace_ids, member_ids, meeting_ids)`: every assignment that
 * may reach objects of those accounts, workspaces, members and meetings, with its settings' values
 * (db/settings.ts loadCandidates). Each branch is on its own index; each assignment's settings by
 * primary key (a lateral subquery the planner cannot flatten into a hash of every settings row).
 *
 * A function so that its query is planned once per connection: as a statement, PostgreSQL kept a
 * custom plan for each call (its arrays), and planning the four branches cost six times as long as
 * running them for one meeting (pg_stat_statements: 0.33 ms a call; settings are resolved 13 times a
 * bot). `plan_cache_mode = force_generic_plan` holds inside the function only.
 */
export class Migration20261127000000_settings_candidates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function settings_candidates(
        account_ids text[], workspace_ids text[], member_ids text[], meeting_ids text[])
      returns table (id text, settings_id text, scope jsonb, scope_key text, created_at timestamptz,
                     "values" jsonb, legacy_values jsonb, own_kind text)
      language plpgsql stable
      set plan_cache_mode = force_generic_plan
      as $$
      #variable_conflict use_column
      begin
        return query
          select a.id, a.settings_id, a.scope, a.scope_key, a.created_at, s."values", s.legacy_values, s.own_kind
            from settings_assignments a cross join lateral
                 (select s."values", s.legacy_values, s.own_kind from settings s where s.id = a.settings_id limit 1) s
           where a.account_id = any(account_ids)
          union all
          select a.id, a.settings_id, a.scope, a.scope_key, a.created_at, s."values", s.legacy_values, s.own_kind
            from settings_assignments a cross join lateral
                 (select s."values", s.legacy_values, s.own_kind from settings s where s.id = a.settings_id limit 1) s
           where a.workspace_id = any(workspace_ids) and a.member_id is null and a.meeting_id is null
          union all
          select a.id, a.settings_id, a.scope, a.scope_key, a.created_at, s."values", s.legacy_values, s.own_kind
            from settings_assignments a cross join lateral
                 (select s."values", s.legacy_values, s.own_kind from settings s where s.id = a.settings_id limit 1) s
           where a.member_id = any(member_ids) and a.meeting_id is null
          union all
          select a.id, a.settings_id, a.scope, a.scope_key, a.created_at, s."values", s.legacy_values, s.own_kind
            from settings_assignments a cross join lateral
                 (select s."values", s.legacy_values, s.own_kind from settings s where s.id = a.settings_id limit 1) s
           where a.meeting_id = any(meeting_ids);
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function settings_candidates(text[], text[], text[], text[]);');
  }
}
