import type { Request } from 'express';
import qs from 'qs';
import { FORBIDDEN_KEYS, MAX_INPUT_DEPTH, inputProblem } from '../domain/input';
import { jsonErrorPosition, lineAndColumn } from '../domain/json-position';
import { ApiError } from '../domain/errors';

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

/**
 * Nested keys of a form body (`metadata[plan]=pro`) become nested objects, as JSON would send them.
 * Parsed by `qs` (what Express itself uses) with prototype keys dropped; keys that name a
 * prototype are refused outright first, so an attacker's body can never reach `Object.prototype`.
 */
function parseForm(text: string): Record<string, unknown> {
  for (const rawKey of new URLSearchParams(text).keys()) {
    const segment = rawKey.split(/[[\].]/).find((s) => FORBIDDEN_KEYS.has(s));
    if (segment !== undefined)
      throw new ApiError(422, 'invalid', `The field name "${segment}" is not accepted.`, rawKey);
  }
  return qs.parse(text, {
    allowPrototypes: false,
    allowDots: false,
    depth: MAX_INPUT_DEPTH,
    strictDepth: true,
    parameterLimit: 1000,
    arrayLimit: 100,
  }) as Record<string, unknown>;
}

function parseText(type: string, text: string): unknown {
  if (type.startsWith('application/x-www-form-urlencoded') && !/^\s*[[{"]/.test(text)) {
    try {
      return parseForm(text);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(400, 'bad_request', `The form body could not be parsed: ${(err as Error).message}`);
    }
  }
  if (text.trim() === '[object Object]') {
    throw new ApiError(
      400,
      'invalid_json',
      'The body is the text "[object Object]": pass the serialised payload (JSON.stringify the object) as the body.',
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message.replace(/\.$/, '').slice(0, 200);
    const at = jsonErrorPosition(text);
    const where =
      at >= 0 && !/position \d+/.test(message)
        ? ` (at position ${at}, line ${lineAndColumn(text, at).line} column ${lineAndColumn(text, at).column})`
        : '';
    throw new ApiError(400, 'invalid_json', `The body is not valid JSON: ${message}${where}.`);
  }
}

/**
 * Spec General conventions, 2: JSON is parsed whatever the Content-Type says; form-encoded
 * bodies are accepted; multipart is left to the route that takes it. Every parsed body passes
 * the one input rule (domain/input.ts) before any route sees it.
 */
export async function readBody(req: Request): Promise<void> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/')) return;
  const raw = await readRaw(req);
  (req as Request & { rawBody?: Buffer }).rawBody = raw;
  const text = raw.toString('utf8').replace(/^\uFEFF/, '');
  if (text === '') {
    req.body = undefined;
    return;
  }
  // Whitespace is not an empty body: it cannot be parsed (JSON.parse refuses it too).
  if (text.trim() === '')
    throw new ApiError(400, 'invalid_json', 'The body is only whitespace: send a JSON object, or no body at all.');
  const body = parseText(type, text);
  const problem = inputProblem(body);
  if (problem?.kind === 'depth') throw new ApiError(400, 'invalid_json', problem.message);
  if (problem)
    throw ApiError.list(422, [
      { code: problem.code, message: problem.message, ...(problem.field ? { field: problem.field } : {}) },
    ]);
  req.body = body;
}

/** Spec Status codes, 406: the JSON endpoints answer JSON only. */
export function checkAcceptsJson(req: Request): void {
  const accept = req.headers.accept;
  if (accept && !req.accepts(['application/json'])) {
    throw new ApiError(
      406,
      'not_acceptable',
      `Only application/json responses are available; the request accepts ${accept}.`,
    );
  }
}
