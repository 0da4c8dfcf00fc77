import { Migration } from '@mikro-orm/migrations';

/** Endpoint health: since when every attempt to an endpoint failed, and why it was disabled. */
export class Migration20261123110000_endpoint_health extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table webhook_endpoints add column failing_since timestamptz null, add column disabled_reason text null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table webhook_endpoints drop column failing_since, drop column disabled_reason;');
  }
}
