import { createHash } from 'node:crypto';
import busboy from 'busboy';
import type { Request } from 'express';
import { ApiError, type FieldIssue } from '../domain/errors';
import { inputProblem } from '../domain/input';
import type { UploadedFile } from './routing';

/** Bytes of form overhead (boundaries, part headers, text fields) tolerated beyond the file's limit. */
const FORM_OVERHEAD = 1024 * 1024;

const tooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    'too_large',
    `The file is larger than ${maxBytes / (1024 * 1024)} MB (${maxBytes} bytes); nothing was stored.`,
    'file',
    // The rest of an oversized body is not read: the connection closes after the answer.
    { Connection: 'close' },
  );

/**
 * Reads a `multipart/form-data` body as it streams (busboy): text fields, and the one file part
 * named `file`, whose size is checked while it arrives; over `maxBytes` answers 413 `too_large`
 * and keeps nothing. `digestable` stands for the body in an Idempotency-Key's request hash.
 */
export function readUpload(
  req: Request,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null; digestable: Buffer }> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data'))
    return Promise.reject(
      new ApiError(
        400,
        'bad_request',
        'This endpoint takes multipart/form-data: the image in the part named file, beside the fields workspace_id and purpose.',
      ),
    );
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD) {
    req.resume();
    return Promise.reject(tooLarge(maxBytes));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      // One byte past the limit, so reaching it exactly is allowed and going past is seen.
      limits: { fileSize: maxBytes + 1, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 40 },
    });
  } catch (err) {
    return Promise.reject(
      new ApiError(400, 'bad_request', `The multipart body could not be read: ${(err as Error).message}.`),
    );
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const issues: FieldIssue[] = [];
    let file: UploadedFile | null = null;
    let chunks: Buffer[] = [];
    // The file's bytes stand in the Idempotency-Key's request hash by their digest (no second copy).
    const digest = createHash('sha256');
    let overflow = false;
    let received = 0;
    let settled = false;
    const fail = (err: ApiError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // A body without a length that runs far past the limit is not read to its end.
      if (received > maxBytes + FORM_OVERHEAD) fail(tooLarge(maxBytes));
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        issues.push({
          code: 'unknown_field',
          field: name,
          message: `Unknown field: ${name} (the image goes in file).`,
        });
        // busboy destroys a part's stream with an error when the body ends inside it: the parser's own
        // 'error' answers 400, so the part's is only kept from crashing the process.
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      file = { filename: info.filename ?? null, declaredType: info.mimeType ?? null, bytes: Buffer.alloc(0) };
      let size = 0;
      stream.on('error', () => undefined); // as above: the parser's 'error' answers
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        digest.update(chunk);
        if (size > maxBytes) {
          overflow = true;
          chunks = [];
        }
        if (!overflow) chunks.push(chunk);
      });
      stream.on('limit', () => {
        overflow = true;
        chunks = [];
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        issues.push({ code: 'too_long', field: name, message: `${name} is longer than 65536 bytes.` });
      fields[name] = value;
    });
    parser.on('filesLimit', () =>
      issues.push({ code: 'invalid', field: 'file', message: 'Send one file per request.' }),
    );
    parser.on('fieldsLimit', () => issues.push({ code: 'invalid', message: 'The form has too many fields.' }));
    parser.on('partsLimit', () => issues.push({ code: 'invalid', message: 'The form has too many parts.' }));
    parser.on('error', (err: Error) =>
      fail(new ApiError(400, 'bad_request', `The multipart body could not be read: ${err.message}.`)),
    );
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (overflow) return reject(tooLarge(maxBytes));
      const problem = inputProblem(fields);
      if (problem)
        issues.push({
          code: problem.code,
          message: problem.message,
          ...(problem.field ? { field: problem.field } : {}),
        });
      if (issues.length) return reject(ApiError.list(422, issues));
      const bytes = Buffer.concat(chunks);
      const uploaded = file ? { ...(file as UploadedFile), bytes } : null;
      resolve({
        fields,
        file: uploaded,
        digestable: Buffer.from(JSON.stringify([fields, uploaded?.filename ?? null, digest.digest('hex')])),
      });
    });
    req.on('error', (err) => fail(new ApiError(400, 'bad_request', `The upload was interrupted: ${err.message}.`)));
    req.pipe(parser);
  });
}
