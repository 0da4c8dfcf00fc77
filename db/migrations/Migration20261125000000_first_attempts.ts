import { Migration } from '@mikro-orm/migrations';

/**
 * The dispatcher makes a delivery's first attempt itself (issue: speed): a new delivery is due for
 * it (`first_attempt_due`) and leased while the POST runs (`leased_until`), so a dispatcher that
 * died mid-attempt leaves it to another once the lease ends. Deliveries made before keep their
 * delivery workflows.
 */
export class Migration20261125000000_first_attempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table webhook_deliveries
      add column first_attempt_due boolean not null default false,
      add column leased_until timestamptz;`);
    this.addSql(
      'create index webhook_deliveries_first_attempt on webhook_deliveries (created_at, event_id, endpoint_id) where first_attempt_due;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index webhook_deliveries_first_attempt;');
    this.addSql('alter table webhook_deliveries drop column first_attempt_due, drop column leased_until;');
  }
}
