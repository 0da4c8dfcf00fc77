import { timingSafeEqual } from 'node:crypto';
import { createMetrics } from '../runtime/metrics';
import { ClusterMetricsUnavailable } from '../runtime/api-cluster';
import { createScraper } from '../services/metrics';
import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import express, { type NextFunction, type Request, type Response } from 'express';
import path from 'node:path';
import { isDatabaseUnavailable } from '../runtime/availability';
import { ValidationFailed } from '../domain/errors';
import {
  CHANGE_MODULES,
  CURRENT_VERSION,
  DEPRECATED_PATHS,
  documentAt,
  resolveVersion,
  VERSIONS,
} from '../domain/versions';
import type { AppDeps } from '../services/context';
import { closeRateCounters, rateCounters } from '../services/rate-limits';
import { checkDatabase } from '../services/health';
import { ApiError } from '../domain/errors';
import { escapeHtml } from './html';
import { requestLog, requestLogging } from './request-log';
import { ipRateLimit } from './rate-limit';
import { RouteTable, setVersionHeaders } from './routing';
import { memberRoutes } from './routes/members';
import { workspaceRoutes } from './routes/workspaces';
import { botRoutes } from './routes/bots';
import { meetingRoutes } from './routes/meetings';
import { recallCallback } from './routes/provider-callbacks';
import { webhookEndpointRoutes } from './routes/webhook-endpoints';
import { webhookEventRoutes } from './routes/webhook-events';
import { settingsRoutes } from './routes/settings';
import { settingsAssignmentRoutes } from './routes/settings-assignments';
import { summaryTemplateRoutes } from './routes/summary-templates';
import { calendarEventRoutes } from './routes/calendar-events';
import { calendarConnectionRoutes } from './routes/calendar-connections';
import { hostedPages } from './hosted';
import { mcpRouter } from './mcp';
import { pages } from './web/app';
import { simulatedCalendarRoutes } from './routes/simulated-calendars';
import { deprecatedRoutes } from './routes/deprecated';
import { fileRoutes } from './routes/files';
import { brandKitRoutes } from './routes/brand-kits';
import { agentSessionRoutes } from './routes/agent-sessions';

export const API_PREFIX = '/api/v1';

const ALL_ROUTES = [
  ...agentSessionRoutes,
  ...workspaceRoutes,
  ...memberRoutes,
  ...botRoutes,
  ...meetingRoutes,
  recallCallback,
  ...webhookEndpointRoutes,
  ...webhookEventRoutes,
  ...settingsRoutes,
  ...settingsAssignmentRoutes,
  ...summaryTemplateRoutes,
  ...calendarEventRoutes,
  ...calendarConnectionRoutes,
  ...simulatedCalendarRoutes,
  ...fileRoutes,
  ...brandKitRoutes,
  ...deprecatedRoutes,
];

/** Builds the Express app (STYLE: a factory with its dependencies passed in). */
export function createApp(given: Omit<AppDeps, 'limits'>) {
  // The limits' counters belong to this app: `close` shares the hits they still hold only in process.
  const limits = rateCounters(given.orm, given.config);
  const deps: AppDeps = { ...given, limits };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', false);

  // One line per request with its request id (api/request-log.ts), and every answer counted once, by
  // the route's OpenAPI path (or the Express path), whatever answered it: one middleware for both.
  const metrics = createMetrics();
  app.use(
    requestLogging(deps.log, (req, res, seconds) => {
      const route =
        (res.locals.route as string | undefined) ??
        (req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : 'unmatched');
      metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      metrics.httpDuration.observe(
        { method: req.method, route, status_class: `${Math.floor(res.statusCode / 100)}xx` },
        seconds,
      );
      if (res.statusCode === 429)
        metrics.rateLimited.inc({ limit: (res.locals.rateLimit as string | undefined) ?? 'ip' });
    }),
  );
  const api = express.Router({ strict: false });
  // One per-IP limit for everything a client reaches (the API, /mcp, the pages): one counter per process.
  const flood = ipRateLimit(deps);
  // The API's: every response carries the version that served it (spec Versioning, 5), set as the
  // request passes the limit (one layer less); routes refine it after the key check.
  api.use(
    ipRateLimit(deps, (req, res) => {
      const header = req.headers['service-version'];
      setVersionHeaders(res, deps, (typeof header === 'string' && resolveVersion(header)) || CURRENT_VERSION);
    }),
  );
  const table = new RouteTable(deps);
  // Accept (406) and the body (400, 422) are checked per route: an unknown path answers 404 first.

  for (const route of ALL_ROUTES) table.add(api, route);

  // The document and the pages for people, after the routes (no route path can be theirs): a request
  // to the API passes no layer of theirs on its way.
  const openapi = () => openApiDocument(table, deps);
  // One document per version (`?version=<date>`, or the Service-Version header): the newest shape edited by each newer release.
  const docs = new Map<string, unknown>();
  api.get('/openapi.json', (req, res) => {
    const asked = typeof req.query.version === 'string' ? req.query.version : req.headers['service-version'];
    const version = typeof asked === 'string' && asked.trim() !== '' ? resolveVersion(asked) : CURRENT_VERSION;
    if (!version)
      throw new ApiError(
        400,
        'invalid_api_version',
        `"${String(asked)}" is not a valid API version: send an ISO date (YYYY-MM-DD) on or after ${VERSIONS[0]}.`,
        'version',
      );
    if (!docs.has(version)) docs.set(version, documentAt(openapi(), version));
    // The document's own version, with its successor link when it is behind (not the header's, set before).
    setVersionHeaders(res, deps, version);
    res.json(docs.get(version));
  });
  api.get('/docs', (_req, res) => {
    res.type('html').send(docsPage());
  });
  api.use(
    '/docs/assets',
    express.static(path.dirname(require.resolve('swagger-ui-dist/package.json')), { index: false }),
  );
  api.get('/changelog', (_req, res) => {
    res.type('html').send(changelogPage());
  });

  table.finish(api, API_PREFIX);

  app.use(API_PREFIX, api);
  // The operator's routes after the API's: an API request passes no layer of theirs.
  const scrape = createScraper(deps.orm, metrics, deps.clusterMetrics?.(metrics.registry));
  app.get('/metrics', async (req, res) => {
    const token = deps.config.metricsToken;
    if (token && !bearerMatches(req.headers.authorization, token))
      throw new ApiError(401, 'unauthorized', 'Metrics need `Authorization: Bearer <METRICS_TOKEN>`.');
    const text = await scrape().catch((err: unknown) => {
      // The primary process is busy or gone: this scrape fails, as one the scraper retries, not as our fault.
      if (err instanceof ClusterMetricsUnavailable)
        throw new ApiError(
          503,
          'provider_unavailable',
          `The other API processes' metrics could not be collected: ${err.message}. Retry the scrape.`,
          undefined,
          { 'Retry-After': '5' },
        );
      throw err;
    });
    res.type('text/plain; version=0.0.4').send(text);
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (deps.draining?.()) {
      res.status(503).json({ status: 'draining', checks: {} });
      return;
    }
    const checks: Record<string, string> = {};
    try {
      await checkDatabase(deps);
      checks.database = 'ok';
    } catch (err) {
      checks.database = `unreachable: ${(err as Error).message}`;
    }
    if (deps.temporal) {
      try {
        const temporal = deps.temporal;
        await temporal.connection.withDeadline(Date.now() + 2000, () =>
          temporal.connection.workflowService.getSystemInfo({}),
        );
        checks.temporal = 'ok';
      } catch (err) {
        checks.temporal = `unreachable: ${(err as Error).message}`;
      }
    } else checks.temporal = 'not configured';
    const ready = Object.values(checks).every((v) => v === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });

  app.use('/mcp', flood);
  app.use(mcpRouter(deps));
  app.use(pages(deps, hostedPages(deps), flood));
  app.use((req: Request) => {
    throw new ApiError(404, 'not_found', `No endpoint ${req.method} ${req.path}.`);
  });
  app.use(errorHandler(deps));
  return { app, openapi, close: () => closeRateCounters(limits) };
}

function errorHandler(deps: AppDeps) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let apiError: ApiError;
    if (err instanceof ApiError) apiError = err;
    else if (err instanceof ValidationFailed) apiError = ApiError.list(422, err.issues);
    // body-parser's (express.json on /mcp): a body that cannot be read is the client's 4xx, never a 500.
    else if (isClientBodyError(err))
      apiError = new ApiError(
        err.status,
        err.type === 'entity.parse.failed' ? 'invalid_json' : err.status === 413 ? 'too_large' : 'bad_request',
        `The request body could not be read: ${err.message}`,
      );
    // A concurrent request won a uniqueness race that the route's own check could not see.
    else if (err instanceof UniqueConstraintViolationException || (err as { code?: string })?.code === '23505')
      apiError = new ApiError(
        409,
        'conflict',
        'This conflicts with a resource created at the same moment; read it and retry if needed.',
      );
    else if (isDatabaseUnavailable(err)) {
      // Transactions roll back whole: nothing of this request was kept.
      requestLog(req, deps.log).warn(
        { err_class: (err as Error).name, code: (err as { code?: string }).code },
        'database unavailable',
      );
      apiError = new ApiError(
        503,
        'provider_unavailable',
        'The service cannot reach its database right now; nothing was changed. Retry in a moment.',
        undefined,
        { 'Retry-After': '5' },
      );
    } else {
      requestLog(req, deps.log).error({ err }, 'unhandled error');
      apiError = new ApiError(
        500,
        'internal_error',
        'Something went wrong on our side. The request id in X-Request-Id helps support find it.',
      );
    }
    for (const [k, v] of Object.entries(apiError.headers)) res.setHeader(k, v);
    if (apiError.status === 429) res.locals.rateLimit = apiError.errors[0]?.code ?? 'rate_limited';
    if (res.headersSent) return;
    res.status(apiError.status).json({ errors: apiError.errors, ...apiError.extra });
  };
}

function openApiDocument(table: RouteTable, deps: AppDeps) {
  table.registry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'Your personal API key: the bare key, or `Bearer <key>` / `Token <key>`.',
  });
  const generator = new OpenApiGeneratorV31(table.registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Meetings notetaker service',
      version: CURRENT_VERSION,
      description:
        'Workspaces, members, meetings, notetaker bots, settings and signed webhooks. Send `Service-Version: <date>` to be served an older version.',
    },
    servers: [{ url: deps.baseUrl() }],
  });
}

function isClientBodyError(err: unknown): err is { status: number; type?: string; message: string } {
  const e = err as { status?: unknown; expose?: unknown };
  return typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose === true;
}

/** `Bearer <token>` compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const want = Buffer.from(token);
  return sent.length === want.length && timingSafeEqual(sent, want);
}

function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Notetaker API reference</title>
<link rel="stylesheet" href="${API_PREFIX}/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="${API_PREFIX}/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '${API_PREFIX}/openapi.json', dom_id: '#ui' });</script>
</body></html>`;
}

function changelogPage(): string {
  const entries = CHANGE_MODULES.map(
    (m) =>
      `<section id="${m.version}"><h2>${m.version}</h2><p>${escapeHtml(m.title)}</p><ul>${m.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` +
      `<p><a href="${API_PREFIX}/openapi.json?version=${m.version}">OpenAPI document at ${m.version}</a></p></section>`,
  ).join('\n');
  const rows = DEPRECATED_PATHS.map(
    (d) =>
      `<tr><td>${d.method.toUpperCase()} ${escapeHtml(d.path)}</td><td>${escapeHtml(d.replacement)}</td><td><a href="#${d.deprecatedOn}">${d.deprecatedOn}</a></td><td>${d.sunset ?? 'none set'}</td></tr>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API changelog</title></head><body><h1>API changelog</h1>
<p>The API is versioned by date; the current version is ${CURRENT_VERSION}. Every release below is breaking for the parts it names; additions ship to every version at once. Send <code>Service-Version: &lt;date&gt;</code> to be served an older version.</p>
<h2 id="deprecated-paths">Deprecated paths</h2><table><thead><tr><th>Deprecated</th><th>Use instead</th><th>Deprecated on</th><th>Removal (Sunset)</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Releases</h2>${entries}</body></html>`;
}
