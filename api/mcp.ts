import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express, { type Request, type Response } from 'express';
import { CURRENT_VERSION } from '../domain/versions';
import { ApiError } from '../domain/errors';
import { serializeMeeting } from '../representations/meeting';
import { serializeMeetingResults } from '../representations/meeting-results';
import type { AppDeps, RequestCtx } from '../services/context';
import * as meetings from '../services/meetings';
import { z } from '../representations/zod';
import { authenticate } from './auth';
import { requestIdOf } from './request-log';

/** A tool's answer: its JSON as text (what every MCP client shows), or the API's error as a tool error. */
async function answer(run: () => Promise<unknown>) {
  try {
    return { content: [{ type: 'text' as const, text: JSON.stringify(await run(), null, 2) }] };
  } catch (err) {
    if (err instanceof ApiError)
      return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify({ errors: err.errors }) }] };
    throw err;
  }
}

/** One short line per meeting for lists: what an agent needs to choose one. */
function brief(v: meetings.MeetingView) {
  const m = serializeMeeting(v.meeting, v.bots, { settings: null, now: v.now });
  return {
    id: m.id,
    title: m.title,
    phase: m.phase,
    starts_at: m.starts_at,
    platform: m.platform,
    participants: (m.participants as { name: string | null; email: string | null }[]).map((p) => p.name ?? p.email),
    results: (m.results as { status: string }).status,
  };
}

/** The tools, each a use case of the REST API run as the key's account: scoped exactly as the API. */
function serverFor(ctx: RequestCtx): McpServer {
  const server = new McpServer({ name: 'notetaker', version: CURRENT_VERSION });
  const page = { limit: z.number().int().min(1).max(100).optional(), cursor: z.string().optional() };
  server.registerTool(
    'list_meetings',
    {
      description: "A workspace's meetings, oldest first (a page; pass `cursor` from `next_cursor` for more).",
      inputSchema: {
        workspace_id: z.string().describe('A wks_ id the key belongs to'),
        phase: z.enum(['upcoming', 'live', 'past', 'cancelled']).optional(),
        ...page,
      },
    },
    async (args) =>
      answer(async () => {
        const p = await meetings.listMeetings(ctx, { ...args, limit: args.limit ?? 25, settings: false });
        return { meetings: p.data.map(brief), next_cursor: p.nextCursor };
      }),
  );
  server.registerTool(
    'search_meetings',
    {
      description:
        "Meetings of a workspace whose title or a participant's name or e-mail contains the text (case-insensitive; the newest 1,000 are searched).",
      inputSchema: { workspace_id: z.string(), text: z.string().min(1).max(200), limit: page.limit },
    },
    async (args) =>
      answer(async () => {
        const needle = args.text.toLowerCase();
        const found: ReturnType<typeof brief>[] = [];
        let cursor: string | undefined;
        for (let i = 0; i < 10 && found.length < (args.limit ?? 25); i++) {
          const p = await meetings.listMeetings(ctx, {
            workspace_id: args.workspace_id,
            limit: 100,
            cursor,
            settings: false,
          });
          for (const v of p.data) {
            const b = brief(v);
            const hay: string[] = [
              String(b.title ?? ''),
              ...v.meeting.participants.flatMap((x) => [x.name ?? '', x.email ?? '']),
            ];
            if (hay.some((h) => h.toLowerCase().includes(needle))) found.push(b);
          }
          if (!p.nextCursor) break;
          cursor = p.nextCursor;
        }
        return { meetings: found.slice(0, args.limit ?? 25) };
      }),
  );
  server.registerTool(
    'get_meeting',
    { description: 'One meeting as GET /meetings/{id} returns it.', inputSchema: { meeting_id: z.string() } },
    async ({ meeting_id }) =>
      answer(async () => {
        const v = await meetings.getMeeting(ctx, meeting_id);
        return serializeMeeting(v.meeting, v.bots, { settings: v.settings });
      }),
  );
  const results = async (meetingId: string) => {
    const r = await meetings.getMeetingResults(ctx, meetingId);
    return serializeMeetingResults(r.meeting, r.row, { words: false, media: r.media }) as {
      transcript: {
        status: string;
        language: string | null;
        segments: { speaker: string; start: number; text: string }[];
      };
      summary: Record<string, unknown>;
    };
  };
  server.registerTool(
    'get_transcript',
    {
      description: "A meeting's transcript: its status, language and one line per segment (`[mm:ss] speaker: text`).",
      inputSchema: { meeting_id: z.string() },
    },
    async ({ meeting_id }) =>
      answer(async () => {
        const { transcript } = await results(meeting_id);
        const at = (s: number) =>
          `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
        return {
          status: transcript.status,
          language: transcript.language,
          lines: transcript.segments.map((s) => `[${at(s.start)}] ${s.speaker}: ${s.text}`),
        };
      }),
  );
  server.registerTool(
    'get_summary',
    { description: "A meeting's summary: sections and action items.", inputSchema: { meeting_id: z.string() } },
    async ({ meeting_id }) => answer(async () => (await results(meeting_id)).summary),
  );
  return server;
}

/**
 * The tool-protocol server at `{mcp_url}` (`/mcp` on the API's origin): MCP over Streamable HTTP,
 * stateless (a server per request), authenticated with the personal key in `Authorization` exactly as
 * the REST API (401 with the spec's body otherwise), for reading meetings, transcripts and summaries.
 */
export function mcpRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.post('/mcp', express.json({ limit: '1mb' }), async (req: Request, res: Response) => {
    const em = deps.orm.em.fork();
    const account = await authenticate(req, em);
    const ctx: RequestCtx = {
      deps,
      em,
      account,
      version: CURRENT_VERSION,
      requestId: requestIdOf(req),
      log: deps.log,
    };
    const server = serverFor(ctx);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: no stream to resume and no session to end.
  router.all('/mcp', (req: Request) => {
    throw new ApiError(
      405,
      'method_not_allowed',
      `${req.method} is not allowed on /mcp; allowed methods: POST.`,
      undefined,
      {
        Allow: 'POST',
      },
    );
  });
  return router;
}
