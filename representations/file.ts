import type { File } from '../db/entities';
import { FILE_PURPOSES, IMAGE_TYPES } from '../domain/files';
import { z } from './zod';

export const fileSchema = z
  .object({
    id: z.string(),
    object: z.literal('file'),
    purpose: z.enum(FILE_PURPOSES),
    workspace_id: z.string(),
    filename: z.string(),
    content_type: z.enum(IMAGE_TYPES),
    size: z.number().int(),
    url: z.string().openapi({
      description:
        'Signed download URL, valid one year; a fresh one on every read. An SVG downloads as an attachment, never inline.',
    }),
    created_at: z.string(),
  })
  .openapi('File');

/** A file on the wire; `url` is signed by the service for this response. */
export function serializeFile(f: File, url: string): Record<string, unknown> {
  return {
    id: f.id,
    object: 'file',
    purpose: f.purpose,
    workspace_id: f.workspaceId,
    filename: f.filename,
    content_type: f.contentType,
    size: f.size,
    url,
    created_at: f.createdAt.toISOString(),
  };
}
