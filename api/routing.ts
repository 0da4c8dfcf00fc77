import { OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { NextFunction, Request, Response, Router } from 'express';
import type { ZodType } from 'zod';
import type { z as zod } from 'zod';
import { ValidationFailed, type FieldIssue } from '../domain/errors';
import { inputProblem } from '../domain/input';
import {
  CURRENT_VERSION,
  deprecationOf,
  downgrade,
  resolveVersion,
  successorOf,
  upgrade,
  type DeprecatedPath,
  type Representation,
  type RequestKind,
  type ResourceKind,
} from '../domain/versions';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { authenticate } from './auth';
import { checkAcceptsJson, readBody } from './body';
import { readUpload } from './multipart';
import { requestIdOf, requestLog } from './request-log';
import type { AppDeps, RequestCtx } from '../services/context';
import { claimKey, completeKey, releaseKey } from '../services/idempotency';
import { ApiError, missingWorkspace } from '../domain/errors';
import type { Page } from '../domain/pagination';
import { OPENAPI_LINKS } from './openapi-links';
import { z } from '../representations/zod';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** What a handler returns: one resource, a page of them, or nothing. */
export type Reply =
  | {
      status?: number;
      kind?: ResourceKind;
      body: Representation;
      headers?: Record<string, string>;
      /** A route without a key that learns the caller's pin (the agent handoff): served at it unless Service-Version names one. */
      pin?: string;
    }
  | { status?: number; kind?: ResourceKind; page: Page<Representation> }
  | { status: 204 }
  | {
      status?: number;
      /** The bytes, or a stream of them with its length (a recording is not read into memory to be sent). */
      raw: Buffer | { stream: Readable; size: number };
      contentType: string;
      headers?: Record<string, string>;
    };

type AnyParams = ZodType<Record<string, string>>;
type AnyQuery = ZodType<Record<string, unknown>>;
type NoBody = ZodType<undefined>;

/** What a route that authenticates by signature needs to see: headers and the exact bytes received. */
export type RawRequest = { headers: Request['headers']; rawBody: Buffer; ip: string | undefined };

/** The one file of a `multipart/form-data` upload (api/multipart.ts). */
export type UploadedFile = { filename: string | null; declaredType: string | null; bytes: Buffer };

export type RouteDef<P extends ZodType = AnyParams, Q extends ZodType = AnyQuery, B extends ZodType = NoBody> = {
  method: Method;
  /** OpenAPI-style path relative to /api/v1, e.g. `/workspaces/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Default true: the route needs a valid key. */
  auth?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Whether OpenAPI marks the body required; default: when an absent body (read as `{}`) could not pass `body`. */
  bodyRequired?: boolean;
  response: {
    status?: number;
    schema: ZodType;
    description: string;
    /** Media types of the success body; default `application/json`. */
    contentTypes?: string[];
    /**
     * Other success statuses, with when: the same schema and media types (e.g. 200 for an
     * idempotent repeat of a create), or their own.
     */
    also?: Record<number, string | { description: string; contentType: string; schema: ZodType }>;
  };
  /**
   * Error statuses this route answers beyond the ones every route may (400, 401, 404, 406, 422,
   * 429; see RouteTable.document), with when: documented in its OpenAPI operation.
   */
  errors?: Partial<Record<403 | 409 | 410 | 413 | 502 | 503, string>>;
  /** Body fields answered with 400 before validation (for example `settings` on POST /bots), with why. */
  refuse?: Record<string, string>;
  /** The body's kind for the version chain: an older pin's body is rewritten into the newest shape first. */
  request?: RequestKind;
  /**
   * A `multipart/form-data` upload: its text fields are the body `body` validates, its one file part
   * (named `file`, at most `maxBytes`, enforced while reading) is `input.upload`. `form` documents it.
   */
  upload?: { form: ZodType; maxBytes: number };
  handler: (
    ctx: RequestCtx,
    input: {
      params: zod.output<P>;
      query: zod.output<Q>;
      body: zod.output<B>;
      request: RawRequest;
      /** What an older pin's body held that the newest shape cannot (see domain/versions upgrade). */
      legacy: Record<string, unknown>;
      /** The file of an `upload` route (null when the form had none). */
      upload: UploadedFile | null;
    },
  ) => Promise<Reply>;
};

export function defineRoute<P extends ZodType = AnyParams, Q extends ZodType = AnyQuery, B extends ZodType = NoBody>(
  def: RouteDef<P, Q, B>,
): RouteDef<any, any, any> {
  return def as RouteDef<any, any, any>;
}

const ERROR_SCHEMA = z
  .object({
    errors: z
      .array(
        z.object({ code: z.string().regex(/^[a-z][a-z0-9_]*$/), message: z.string(), field: z.string().optional() }),
      )
      .min(1),
  })
  .openapi('Errors', {
    description:
      'Spec Errors › Body: `code` is a stable snake_case word; `field` names the one request field at fault.',
  });

/** A 429 from the API (spec Limits): `retry_in_seconds` equals the `Retry-After` header. */
const RATE_LIMITED_SCHEMA = ERROR_SCHEMA.extend({ retry_in_seconds: z.number().int().min(1) }).openapi('RateLimited');

/** The OpenAPI operationId of a route: `GET /workspaces/{id}` → `getWorkspacesById`. */
export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith('{') ? ['by', ...segment.slice(1, -1).split('_')] : segment.split('_')));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

export function listSchema(item: ZodType, name: string) {
  return z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean(),
      _links: z.object({ next: z.object({ url: z.string() }).optional() }),
    })
    .openapi(name);
}

/** Zod issues → the spec's error entries, one per field (spec: Errors). */
export function issuesFromZod(error: zod.ZodError, prefix: string[] = []): FieldIssue[] {
  const out: FieldIssue[] = [];
  const seen = new Set<string>();
  const push = (issue: FieldIssue) => {
    const key = issue.field ?? '';
    if (seen.has(key)) return;
    seen.add(key);
    out.push(issue);
  };
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.map(String)];
    const field = path.join('.') || undefined;
    const withField = (code: string, message: string): FieldIssue =>
      field === undefined ? { code, message } : { code, message, field };
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) {
          const f = [...path, key].join('.');
          push({ code: 'unknown_field', message: `Unknown field: ${f}.`, field: f });
        }
        break;
      case 'invalid_type':
        if (issue.input === undefined) push(withField('missing', `${field ?? 'value'} is required.`));
        else
          push(
            withField(
              'invalid_type',
              `${field ?? 'value'} must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}.`,
            ),
          );
        break;
      case 'too_big':
        push(withField(issue.origin === 'string' ? 'too_long' : 'invalid', issue.message));
        break;
      case 'too_small':
        push(
          withField(
            issue.origin === 'string' && Number(issue.minimum) === 1 ? 'blank' : 'invalid',
            issue.origin === 'string' && Number(issue.minimum) === 1 ? `${field} must not be blank.` : issue.message,
          ),
        );
        break;
      case 'invalid_value':
        push(
          withField(
            'inclusion',
            `${field ?? 'value'} must be one of: ${issue.values.map((v) => String(v)).join(', ')}.`,
          ),
        );
        break;
      case 'invalid_format':
        push(withField('invalid_format', issue.message));
        break;
      case 'custom':
        push(withField((issue.params as { code?: string } | undefined)?.code ?? 'invalid', issue.message));
        break;
      default:
        push(withField('invalid', issue.message));
    }
  }
  return out;
}

function parseOrThrow<T>(schema: ZodType<T> | undefined, value: unknown, where: 'params' | 'query' | 'body'): T {
  // Bodies passed the input rule when parsed (api/body.ts); paths and queries pass it here.
  const problem = where === 'body' ? null : inputProblem(value);
  if (problem && where === 'params') throw new ApiError(404, 'not_found', 'Resource not found.');
  if (problem)
    throw ApiError.list(422, [
      { code: 'invalid', message: problem.message, ...(problem.field ? { field: problem.field } : {}) },
    ]);
  if (!schema) return value as T;
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issues = issuesFromZod(result.error);
  // Spec Errors › Diagnosed mistakes: a blank workspace_id is a 400, not a validation error.
  const blankWorkspace = result.error.issues.some(
    (i) => i.path.length === 1 && i.path[0] === 'workspace_id' && (i.input === undefined || i.input === ''),
  );
  if (blankWorkspace) throw missingWorkspace();
  if (where === 'params') throw new ApiError(404, 'not_found', 'Resource not found.');
  if (where === 'query') {
    const missing = issues.find((i) => i.code === 'missing');
    if (missing) throw new ApiError(400, 'missing', `Parameter missing: ${missing.field}`, missing.field);
  }
  throw ApiError.list(422, issues);
}

/** Registers routes on an Express router and in the OpenAPI registry; answers 405 for known paths. */
export class RouteTable {
  readonly registry = new OpenAPIRegistry();
  private readonly methodsByPath = new Map<string, Set<string>>();
  private readonly linkTargets = new Set<string>();

  constructor(private readonly deps: AppDeps) {
    this.registry.register('Errors', ERROR_SCHEMA);
  }

  add(router: Router, def: RouteDef<any, any, any>): void {
    const expressPath = def.path.replace(/\{(\w+)\}/g, ':$1');
    const methods = this.methodsByPath.get(expressPath) ?? new Set<string>();
    methods.add(def.method.toUpperCase());
    this.methodsByPath.set(expressPath, methods);
    this.document(def);
    // A download answers its own media type: only routes that answer JSON refuse an Accept without it (406).
    const json = (def.response.contentTypes ?? ['application/json']).includes('application/json');
    // Known when the route is added: whether it answers JSON, the deprecation of its path (none for most).
    const fixed = { json, deprecated: deprecationOf(def.method, def.path) ?? null };
    // One handler (Accept, body, then the route): each handler more is a turn of Express's router.
    (router[def.method] as Router['get'])(expressPath, (req: Request, res: Response, next: NextFunction) => {
      this.handle(def, fixed, req, res).catch(next);
    });
  }

  /** After every route: a known path with another method answers 405 with `Allow`. */
  finish(router: Router, basePath: string): void {
    const known = new Set(
      [...this.methodsByPath].flatMap(([path, methods]) =>
        [...methods].map((m) => `${m} ${path.replace(/:(\w+)/g, '{$1}')}`),
      ),
    );
    const dangling = [...this.linkTargets].filter((target) => !known.has(target));
    if (dangling.length > 0) throw new Error(`OpenAPI links name operations that do not exist: ${dangling.join(', ')}`);
    for (const [path, methods] of this.methodsByPath) {
      const allow = [...methods].join(', ');
      router.all(path, (req: Request) => {
        throw new ApiError(
          405,
          'method_not_allowed',
          `${req.method} is not allowed on ${basePath}${req.path}; allowed methods: ${allow}.`,
          undefined,
          { Allow: allow },
        );
      });
    }
  }

  private document(def: RouteDef<any, any, any>): void {
    const status = def.response.status ?? 200;
    const request: RouteConfig['request'] = {};
    if (def.params) request.params = def.params as zod.ZodObject;
    if (def.query) request.query = def.query as zod.ZodObject;
    // A body is required when an absent one (read as `{}`) could not pass.
    if (def.upload) request.body = { required: true, content: { 'multipart/form-data': { schema: def.upload.form } } };
    else if (def.body)
      request.body = {
        required: def.bodyRequired ?? !def.body.safeParse({}).success,
        content: { 'application/json': { schema: def.body } },
      };
    const json = (schema: ZodType) => ({ 'application/json': { schema } });
    const errorResponse = (description: string) => ({ description, content: json(ERROR_SCHEMA) });
    const success = (
      description: string,
      schema: ZodType,
      types: string[] = def.response.contentTypes ?? ['application/json'],
    ) => ({
      description,
      content: Object.fromEntries(types.map((t) => [t, { schema }])),
    });
    const responses: RouteConfig['responses'] = {
      [status]:
        status === 204
          ? { description: def.response.description }
          : { ...success(def.response.description, def.response.schema), links: this.linksOf(def) },
    };
    for (const [code, also] of Object.entries(def.response.also ?? {})) {
      responses[code] =
        typeof also === 'string'
          ? success(also, def.response.schema)
          : success(also.description, also.schema, [also.contentType]);
    }
    Object.assign(responses, {
      400: errorResponse(
        'Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date',
      ),
      401: errorResponse(
        def.auth === false
          ? 'The signature or token is missing or wrong'
          : 'Missing or invalid key, or no access to the workspace',
      ),
      404: errorResponse('Not found, or not visible to the key'),
      406: errorResponse('The Accept header allows no application/json'),
      422: errorResponse('Validation failed: one error per field'),
      429: {
        description:
          'Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text',
        headers: {
          'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } },
        },
        content: { ...json(RATE_LIMITED_SCHEMA), 'text/plain': { schema: { type: 'string' } } },
      },
      503: errorResponse(
        'provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again)',
      ),
    });
    if (def.method === 'post' && def.auth !== false) {
      responses[409] ??= errorResponse('conflict: a request with this Idempotency-Key is still being processed');
      responses[422] = errorResponse(
        'Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request',
      );
    }
    for (const [code, description] of Object.entries(def.errors ?? {}))
      responses[code] = errorResponse(description as string);
    const deprecated = deprecationOf(def.method, def.path);
    this.registry.registerPath({
      method: def.method,
      path: def.path,
      operationId: operationId(def.method, def.path),
      summary: def.summary,
      description: def.description,
      tags: [def.tag],
      // A path deprecated whole; the bot form of GET /meetings/{id} deprecates only some of its calls.
      ...(deprecated && !deprecated.idPrefix ? { deprecated: true } : {}),
      security: def.auth === false ? [] : [{ ApiKey: [] }],
      request,
      responses,
    });
  }

  /** OpenAPI links of a route's success response (api/openapi-links.ts), checked in finish(). */
  private linksOf(def: RouteDef<any, any, any>) {
    const links = OPENAPI_LINKS[`${def.method.toUpperCase()} ${def.path}`];
    if (!links) return undefined;
    return Object.fromEntries(
      Object.entries(links).map(([name, link]) => {
        const [method, path] = link.target.split(' ') as [string, string];
        this.linkTargets.add(link.target);
        return [
          name,
          {
            operationId: operationId(method, path),
            ...(link.parameters ? { parameters: link.parameters } : {}),
            ...(link.requestBody ? { requestBody: link.requestBody } : {}),
            ...(link.description ? { description: link.description } : {}),
          },
        ];
      }),
    );
  }

  private async handle(
    def: RouteDef<any, any, any>,
    fixed: { json: boolean; deprecated: DeprecatedPath | null },
    req: Request,
    res: Response,
  ): Promise<void> {
    const { deps } = this;
    res.locals.route = `${req.baseUrl}${def.path}`;
    if (fixed.json) checkAcceptsJson(req);
    await readBody(req);
    const deprecation = deprecationFor(fixed.deprecated, req);
    const headerValue = req.headers['service-version'];
    let headerVersion: string | null = null;
    if (typeof headerValue === 'string' && headerValue.trim() !== '') {
      headerVersion = resolveVersion(headerValue);
      if (!headerVersion) {
        throw new ApiError(
          400,
          'invalid_api_version',
          `Service-Version "${headerValue}" is not a valid API version: send an ISO date (YYYY-MM-DD) on or after 2025-11-25.`,
        );
      }
    }
    // The API's middleware set the version headers of `headerVersion ?? CURRENT_VERSION`: set again only what differs.
    const asked = headerVersion ?? CURRENT_VERSION;
    if (deprecation) setVersionHeaders(res, deps, asked, deprecation);
    const em = deps.orm.em.fork();
    if (def.auth === false) {
      // Signed links: the signature is the credential (no key, no pin).
      const reply = await def.handler(
        {
          deps,
          em,
          account: null as never,
          version: headerVersion ?? CURRENT_VERSION,
          requestId: requestIdOf(req),
          log: deps.log,
        },
        {
          params: parseOrThrow(def.params, req.params, 'params'),
          query: parseOrThrow(def.query, { ...req.query }, 'query'),
          body: parseOrThrow(def.body, req.body, 'body'),
          request: rawRequest(req),
          legacy: {},
          upload: null,
        },
      );
      const served = headerVersion ?? ('body' in reply ? reply.pin : undefined) ?? CURRENT_VERSION;
      if (served !== asked) setVersionHeaders(res, deps, served, deprecation);
      this.send(req, res, { version: served } as RequestCtx, reply);
      return;
    }
    const account = await authenticate(req, em);
    const version = headerVersion ?? account.versionPin ?? CURRENT_VERSION;
    if (version !== asked) setVersionHeaders(res, deps, version, deprecation);
    res.locals.accountId = account.id;
    const ctx: RequestCtx = {
      deps,
      em,
      account,
      version,
      requestId: requestIdOf(req),
      // The request's own logger is made only if something logs through it.
      get log() {
        return requestLog(req, deps.log);
      },
    };

    // Express parses the query string again at every read of req.query: read once.
    const query = req.query;
    if ('page' in query || 'per_page' in query) {
      throw new ApiError(
        400,
        'bad_request',
        'The parameters page and per_page are not supported: pass limit and follow _links.next.url.',
      );
    }
    // An upload's text fields are its body; its file is read (size enforced while reading) beside them.
    let upload: UploadedFile | null = null;
    if (def.upload) {
      const form = await readUpload(req, def.upload.maxBytes);
      req.body = form.fields;
      (req as Request & { rawBody?: Buffer }).rawBody = form.digestable;
      upload = form.file;
    }
    // An older pin's body is rewritten into the newest shape before the newest rules read it.
    const upgraded = def.request ? upgrade(def.request, req.body, version) : { body: req.body as unknown, legacy: {} };
    const body = upgraded.body as Record<string, unknown> | undefined;
    for (const [field, why] of Object.entries(def.refuse ?? {})) {
      if (body && typeof body === 'object' && field in body) throw new ApiError(400, 'bad_request', why, field);
    }
    let input;
    try {
      input = {
        params: parseOrThrow(def.params, req.params, 'params'),
        query: parseOrThrow(def.query, { ...query }, 'query'),
        // No body reads as `{}`; a JSON `null` is a body, and not an object (422 invalid_type).
        body: parseOrThrow(def.body, body === undefined && def.body ? {} : body, 'body'),
        request: rawRequest(req),
        legacy: upgraded.legacy,
        upload,
      };
    } catch (err) {
      if (err instanceof ValidationFailed) throw ApiError.list(422, err.issues);
      throw err;
    }
    const idempotencyKey = def.method === 'post' ? idempotencyKeyOf(req) : null;
    if (idempotencyKey === null) {
      this.send(req, res, ctx, await def.handler(ctx, input));
      return;
    }
    // Stripe's semantics: the first answer to a key is replayed for 24 hours; another body with it is refused.
    const hash = createHash('sha256')
      .update(`${req.method} ${req.baseUrl}${req.path}\n${version}\n`)
      .update(rawRequest(req).rawBody)
      .digest('hex');
    const claim = await claimKey(ctx, idempotencyKey, hash);
    if (claim.kind === 'other_request')
      throw new ApiError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request in the last 24 hours: send a new key for a new request.',
      );
    if (claim.kind === 'in_progress')
      throw new ApiError(
        409,
        'conflict',
        'A request with this Idempotency-Key is still being processed: retry in a moment.',
      );
    if (claim.kind === 'replay') {
      res.setHeader('Idempotent-Replayed', 'true');
      if (claim.body === null) res.status(claim.status).end();
      else writeJson(res, claim.status, claim.body);
      return;
    }
    let reply: Reply;
    try {
      reply = await def.handler(ctx, input);
    } catch (err) {
      // Nothing was done (the change is one transaction): a retry with the key runs again.
      await releaseKey(ctx, idempotencyKey).catch(() => undefined);
      throw err;
    }
    const sent = this.send(req, res, ctx, reply);
    await completeKey(ctx, idempotencyKey, sent.status, sent.body);
  }

  /** Writes the reply; returns what was sent (for Idempotency-Key replays). */
  private send(req: Request, res: Response, ctx: RequestCtx, reply: Reply): { status: number; body: unknown } {
    const vctx = { serverOffsetMinutes: -new Date().getTimezoneOffset() };
    const shape = (kind: ResourceKind | undefined, r: Representation) =>
      kind ? downgrade(kind, r, ctx.version, vctx) : r;
    if ('page' in reply) {
      const body: Record<string, unknown> = {
        object: 'list',
        data: reply.page.data.map((r) => shape(reply.kind, r)),
        has_more: reply.page.hasMore,
        _links: {},
      };
      if (reply.page.nextCursor)
        (body._links as Record<string, unknown>).next = {
          url: nextUrl(ctx.deps.baseUrl(), req, reply.page.nextCursor),
        };
      writeJson(res, reply.status ?? 200, body);
      return { status: reply.status ?? 200, body };
    }
    if ('body' in reply) {
      for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
      const body = shape(reply.kind, reply.body);
      writeJson(res, reply.status ?? 200, body);
      return { status: reply.status ?? 200, body };
    }
    if ('raw' in reply) {
      for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
      res.status(reply.status ?? 200).type(reply.contentType);
      if (Buffer.isBuffer(reply.raw)) res.send(reply.raw);
      else {
        const { stream, size } = reply.raw;
        res.setHeader('Content-Length', String(size));
        // A client that goes away mid-download ends the stream (and its file handle) with it.
        pipeline(stream, res).catch(() => undefined);
      }
      return { status: reply.status ?? 200, body: null };
    }
    res.status(204).end();
    return { status: 204, body: null };
  }
}

/**
 * A JSON answer, written as Express's `res.json` writes it (`Content-Type: application/json;
 * charset=utf-8` unless the route set its own, `Content-Length`, no body for a HEAD request) without
 * its detours: `res.json` then `res.send` look the content type up again through `mime`, parse it
 * back to add the charset, and check the request's freshness, which with ETags off (api/app.ts) and
 * no `Last-Modified` never answers 304. About 4 % of `GET /api/v1/workspaces` in its profile
 * (README › Benchmarks › API reads).
 */
function writeJson(res: Response, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** The `Idempotency-Key` header of a POST: 1 to 255 visible characters, or null when absent. */
function idempotencyKeyOf(req: Request): string | null {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new ApiError(
      400,
      'bad_request',
      'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice).',
    );
  }
  return value;
}

const NO_BYTES = Buffer.alloc(0);

/** What a handler sees of the request as received; the client's address read only by a handler that asks (proxy-addr at every read). */
function rawRequest(req: Request): RawRequest {
  return {
    headers: req.headers,
    rawBody: (req as Request & { rawBody?: Buffer }).rawBody ?? NO_BYTES,
    get ip() {
      return req.ip;
    },
  };
}

/**
 * `Service-Version`, and `Link` with the `successor-version` of a caller that is behind; on a
 * deprecated path also `Deprecation` (RFC 9745), a `deprecation` link beside the successor link, and
 * `Sunset` (RFC 8594) only when a removal date is set.
 */
export function setVersionHeaders(
  res: Response,
  deps: AppDeps,
  version: string,
  deprecation?: DeprecatedPath | null,
): void {
  res.setHeader('Service-Version', version);
  const links: string[] = [];
  const successor = successorOf(version);
  if (successor) links.push(`<${changelogUrl(deps)}#${successor}>; rel="successor-version"`);
  if (deprecation) {
    links.push(`<${changelogUrl(deps)}#${deprecation.deprecatedOn}>; rel="deprecation"; type="text/html"`);
    res.setHeader('Deprecation', `@${Date.parse(`${deprecation.deprecatedOn}T00:00:00Z`) / 1000}`);
    if (deprecation.sunset) res.setHeader('Sunset', new Date(`${deprecation.sunset}T00:00:00Z`).toUTCString());
  }
  if (links.length > 0) res.setHeader('Link', links.join(', '));
  else res.removeHeader('Link');
}

/** The deprecation a request falls under: its route's, when the path is deprecated (the bot form of GET /meetings/{id} only for a bot id). */
function deprecationFor(d: DeprecatedPath | null, req: Request): DeprecatedPath | null {
  if (!d) return null;
  if (d.idPrefix && !String(req.params.id ?? '').startsWith(d.idPrefix)) return null;
  return d;
}

export function changelogUrl(deps: AppDeps): string {
  return `${deps.baseUrl()}/changelog`;
}

/** The next page's URL keeps every other query parameter (spec General conventions, 3). */
function nextUrl(baseUrl: string, req: Request, cursor: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query)) {
    if (key === 'cursor') continue;
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') params.append(key, v);
  }
  params.set('cursor', cursor);
  const path = req.path.replace(/\/+$/, '');
  return `${baseUrl}${path}?${params.toString()}`;
}
