import * as files from '../../services/files';
import { ValidationFailed } from '../../domain/errors';
import { FILE_PURPOSES, MAX_FILE_BYTES } from '../../domain/files';
import { fileSchema, serializeFile } from '../../representations/file';
import { z } from '../../representations/zod';
import { idParams, workspaceIdInput } from '../inputs';
import { defineRoute } from '../routing';

const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

const fields = z.strictObject({
  workspace_id: workspaceIdInput.optional(),
  purpose: z.enum(FILE_PURPOSES).default('brand_kit'),
});

export const uploadFile = defineRoute({
  method: 'post',
  path: '/files',
  tag: 'Files',
  summary: 'Upload an image for a brand kit (owner or admin)',
  description:
    '`multipart/form-data` with the image in the part `file` (up to 10 MB), `workspace_id` (optional when the key belongs to exactly one workspace) and `purpose` (`brand_kit`, the default). The type is read from the bytes: PNG, JPEG, GIF, WebP or SVG, whatever the declared type or the name says (anything else answers 422 `unsupported_file_type`); the name’s extension is replaced when it does not match. Over 10 MB answers 413 `too_large` and nothing is stored.',
  body: fields,
  upload: {
    maxBytes: MAX_FILE_BYTES,
    form: z
      .object({
        file: z.string().openapi({ type: 'string', format: 'binary', description: 'The image, up to 10 MB.' }),
        workspace_id: z.string().optional(),
        purpose: z.enum(FILE_PURPOSES).optional(),
      })
      .openapi('FileUpload'),
  },
  response: { status: 201, schema: fileSchema, description: 'The file, with a signed url valid one year.' },
  errors: { 413: 'too_large: the file is over 10 MB; nothing was stored' },
  handler: async (ctx, { body, upload }) => {
    if (!upload)
      throw new ValidationFailed([{ code: 'missing', field: 'file', message: 'file is required: the image’s bytes.' }]);
    const file = await files.uploadFile(ctx, { ...body, upload });
    return { status: 201, body: serializeFile(file, files.fileUrl(ctx.deps, file)) };
  },
});

export const getFile = defineRoute({
  method: 'get',
  path: '/files/{id}',
  tag: 'Files',
  summary: 'Get a file, with a fresh signed url',
  description: 'Any key belonging to the file’s workspace reads it; other keys get 404.',
  params: idParams,
  response: { schema: fileSchema, description: 'The file.' },
  handler: async (ctx, { params }) => {
    const file = await files.getFile(ctx, params.id);
    return { body: serializeFile(file, files.fileUrl(ctx.deps, file)) };
  },
});

export const deleteFile = defineRoute({
  method: 'delete',
  path: '/files/{id}',
  tag: 'Files',
  summary: 'Delete a file (owner or admin)',
  description: 'Brand kits that use the image keep their own copy of its bytes.',
  params: idParams,
  response: {
    schema: z.object({ id: z.string(), object: z.literal('file'), deleted: z.literal(true) }).openapi('DeletedFile'),
    description: 'The file is gone.',
  },
  handler: async (ctx, { params }) => {
    const file = await files.deleteFile(ctx, params.id);
    return { body: { id: file.id, object: 'file', deleted: true } };
  },
});

/** Headers every download carries: the stored type, never sniffed; SVG only as an attachment, under a CSP that runs nothing. */
export function downloadHeaders(contentType: string, filename: string): Record<string, string> {
  const name = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const disposition = contentType === 'image/svg+xml' ? 'attachment' : 'inline';
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    'Content-Disposition': `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'Cache-Control': 'private, max-age=3600',
  };
}

export const downloadFile = defineRoute({
  method: 'get',
  path: '/files/{id}/content',
  tag: 'Files',
  auth: false,
  summary: 'Download a file through the signed url of GET /files/{id}',
  description:
    'No key: the signature is the credential (valid one year). An expired or altered link answers 401. Sent with its type, `X-Content-Type-Options: nosniff`, a restrictive `Content-Security-Policy`, and an SVG always as an attachment.',
  params: idParams,
  query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
  response: {
    schema: z.string().openapi({ format: 'binary' }),
    contentTypes: IMAGE_MEDIA_TYPES,
    description: 'The image bytes.',
  },
  handler: async (ctx, { params, query }) => {
    const { file, bytes } = await files.fileContent(ctx, params.id, query);
    return { raw: bytes, contentType: file.contentType, headers: downloadHeaders(file.contentType, file.filename) };
  },
});

export const fileRoutes = [uploadFile, getFile, deleteFile, downloadFile];
