import { exchangeHandoffCode } from '../../services/agent-sessions';
import { AgentSessionSchema } from '../../representations/agent-session';
import { defineRoute } from '../routing';
import { z } from '../../representations/zod';

/** Spec Endpoints › Agent sessions; Authentication, 8 (the handoff from the agent's side). */
export const createAgentSession = defineRoute({
  method: 'post',
  path: '/agent_sessions',
  tag: 'Agent sessions',
  summary: 'Exchange a handoff code for the user’s API key',
  description:
    'No key is needed. The user opens `{app_url}/app/agent_sessions/new`, signs in or signs up, and pastes the code shown to the agent; the code works once, within 5 minutes of the page loading. A wrong, used or expired code answers `401`; attempts are limited per address and for the whole service (`429` with `retry_in_seconds`). Without `Service-Version` the answer is served at the pin of the key handed over.',
  auth: false,
  body: z.strictObject({
    token: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .openapi({ description: 'The code the user pasted.', example: 'K7QF-2M9X-TB4R-8HZC-P0WD' }),
  }),
  response: {
    schema: AgentSessionSchema,
    description: 'The user’s personal key and a workspace the user can write to.',
  },
  handler: async (ctx, { body, request }) => {
    const { body: session, pin } = await exchangeHandoffCode(ctx.deps, { token: body.token, ip: request.ip });
    return { kind: 'agent_session', body: session, pin };
  },
});

export const agentSessionRoutes = [createAgentSession];
