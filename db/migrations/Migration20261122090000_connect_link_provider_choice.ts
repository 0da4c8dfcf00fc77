import { Migration } from '@mikro-orm/migrations';

/** A connect link made without `provider` lets the person choose Google or Microsoft on the hosted page. */
export class Migration20261122090000_connect_link_provider_choice extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table calendar_connect_links alter column provider drop not null;');
  }

  override async down(): Promise<void> {
    this.addSql(
      "update calendar_connect_links set provider = 'google' where provider is null; alter table calendar_connect_links alter column provider set not null;",
    );
  }
}
