import type { NextFunction, Request, Response } from 'express';
import { jsonErrorPosition, lineAndColumn } from '../domain/json-position';
import { ApiError } from './errors';

const MAX_BODY_BYTES = 1024 * 1024;

function readRaw(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(400, 'bad_request', `Request body is larger than ${MAX_BODY_BYTES} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Nested keys of a form body (`metadata[plan]=pro`) become nested objects, as JSON would send them. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const key = parts[i]!;
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

/**
 * Spec General conventions, 2: JSON is parsed whatever the Content-Type says; form-encoded
 * bodies are accepted; multipart is left to the route that takes it.
 */
export async function parseBody(req: Request, _res: Response, next: NextFunction): Promise<void> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/')) return next();
  const raw = await readRaw(req);
  (req as Request & { rawBody?: Buffer }).rawBody = raw;
  const text = raw.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    req.body = undefined;
    return next();
  }
  if (type.startsWith('application/x-www-form-urlencoded') && !/^\s*[[{"]/.test(text)) {
    req.body = parseForm(text);
    return next();
  }
  if (text.trim() === '[object Object]') {
    throw new ApiError(400, 'invalid_json', 'The body is the text "[object Object]": pass the serialised payload (JSON.stringify the object) as the body.');
  }
  try {
    req.body = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message.replace(/\.$/, '');
    const at = jsonErrorPosition(text);
    const where = at >= 0 && !/position \d+/.test(message) ? ` (at position ${at}, line ${lineAndColumn(text, at).line} column ${lineAndColumn(text, at).column})` : '';
    throw new ApiError(400, 'invalid_json', `The body is not valid JSON: ${message}${where}.`);
  }
  next();
}
