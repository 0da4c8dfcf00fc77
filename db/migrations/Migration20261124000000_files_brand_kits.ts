import { Migration } from '@mikro-orm/migrations';

/**
 * Uploaded files and brand kits (spec: File, Brand kit). A kit keeps its own copies of the images it
 * uses, so a file can change or go without the kit losing its image. `bots.name_given` tells a
 * `bot_name` sent with POST /bots (which wins) from the default (which a brand kit's name replaces).
 */
export class Migration20261124000000_files_brand_kits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table files (
        id text primary key,
        workspace_id text not null references workspaces(id),
        purpose text not null check (purpose in ('brand_kit')),
        filename text not null,
        content_type text not null,
        size integer not null,
        storage_key text not null,
        created_by text not null,
        created_at timestamptz not null default now()
      );
      create index files_workspace on files (workspace_id, id);

      create table brand_kits (
        id text primary key,
        workspace_id text not null references workspaces(id),
        bot jsonb not null,
        email jsonb not null,
        metadata jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index brand_kits_workspace on brand_kits (workspace_id, id);

      alter table bots add column name_given boolean not null default false;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('alter table bots drop column name_given; drop table brand_kits; drop table files;');
  }
}
