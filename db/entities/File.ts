import { EntitySchema } from '@mikro-orm/core';
import type { FilePurpose, ImageType } from '../../domain/files';

/** An uploaded image of a workspace (spec: File); its bytes live in storage under `storageKey`. */
export class File {
  id!: string;
  workspaceId!: string;
  purpose: FilePurpose = 'brand_kit';
  filename!: string;
  contentType!: ImageType;
  size!: number;
  storageKey!: string;
  createdBy!: string;
  createdAt: Date = new Date();
}

export const FileSchema = new EntitySchema<File>({
  class: File,
  tableName: 'files',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    purpose: { type: 'string' },
    filename: { type: 'string' },
    contentType: { type: 'string' },
    size: { type: 'number' },
    storageKey: { type: 'string' },
    createdBy: { type: 'string' },
    createdAt: { type: 'Date' },
  },
});
