import { Migration } from '@mikro-orm/migrations';

/** An operator can disable an account (`npm run admin -- disable-user`): its key and sign-in stop working. */
export class Migration20261124010000_account_disabled extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table accounts add column disabled_at timestamptz null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table accounts drop column disabled_at;');
  }
}
