import { EntitySchema } from '@mikro-orm/core';
import type { KitBot, KitEmail } from '../../domain/brand-kits';
import type { Metadata } from '../../domain/metadata';

/** A brand kit (spec: Brand kit), owned by one workspace; its images are its own copies of files' bytes. */
export class BrandKit {
  id!: string;
  workspaceId!: string;
  bot!: KitBot;
  email!: KitEmail;
  metadata: Metadata = {};
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const BrandKitSchema = new EntitySchema<BrandKit>({
  class: BrandKit,
  tableName: 'brand_kits',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    bot: { type: 'json' },
    email: { type: 'json' },
    metadata: { type: 'json' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
