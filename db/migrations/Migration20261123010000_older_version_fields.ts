import { Migration } from '@mikro-orm/migrations';

/**
 * What pins before 2026-10-12 may still write (spec: Release 2026-10-12 › Policies, Connect links):
 * the removed policy fields and older `start` words of a settings object, a connect link's
 * `email_match`, and the version a link was made at (its return carries `member_id` from 2026-10-12).
 */
export class Migration20261123010000_older_version_fields extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table settings add column legacy_values jsonb not null default '{}';
      alter table calendar_connect_links add column email_match text check (email_match in ('exact', 'domain', 'any'));
      alter table calendar_connect_links add column version text not null default '2026-10-12';
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table settings drop column legacy_values;
      alter table calendar_connect_links drop column email_match;
      alter table calendar_connect_links drop column version;
    `);
  }
}
