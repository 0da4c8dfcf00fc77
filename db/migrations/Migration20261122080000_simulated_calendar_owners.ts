import { Migration } from '@mikro-orm/migrations';

/** A simulated calendar (development) belongs to the API account that first scripted it. */
export class Migration20261122080000_simulated_calendar_owners extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table simulated_calendar_owners (
        account_email text primary key,
        owner_account_id text not null references accounts(id) on delete cascade,
        created_at timestamptz not null default now()
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table simulated_calendar_owners;');
  }
}
