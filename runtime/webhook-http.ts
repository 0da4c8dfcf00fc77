import dns from 'node:dns';
import { Agent, request } from 'undici';
import { addressProblem, isLoopback } from '../domain/webhooks/addresses';
import { signatureHeaders } from '../domain/webhooks/signature';
import { urlProblem } from '../domain/webhooks/url';

/** One POST of a webhook: used by delivery attempts (activities) and by an endpoint's test send (services). */

export const DELIVERY_TIMEOUT_MS = 10_000;
const RESPONSE_BODY_LIMIT = 4096;

/** What a POST needs of an endpoint: where, and the secrets that sign. */
export type SigningEndpoint = {
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

export type PostResult = {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  startedAt: Date;
};

/**
 * An HTTP agent whose every connection goes to an address checked at connect time: the name is
 * resolved once, the address is checked, and that same address is dialled (no DNS-rebinding window).
 */
export type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

function guardedAgent(allowLoopback: boolean, resolve: Resolver = dns.lookup): Agent {
  const check = (address: string) => addressProblem(address) === null || (allowLoopback && isLoopback(address));
  return new Agent({
    connect: {
      timeout: DELIVERY_TIMEOUT_MS,
      lookup: (hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void) => {
        resolve(hostname, { ...options, all: true }, (err, addresses: dns.LookupAddress[]) => {
          if (err) return callback(err);
          const allowed = addresses.filter((a) => check(a.address));
          // The rule, never the DNS answers: what a name resolves to stays out of attempt records.
          const rules = [...new Set(addresses.map((a) => addressProblem(a.address)).filter((p) => p !== null))];
          if (allowed.length === 0)
            return callback(
              new Error(`refused: ${hostname} resolves only to addresses that are not public (${rules.join('; ')})`),
            );
          if (options.all) return callback(null, allowed);
          callback(null, allowed[0]!.address, allowed[0]!.family);
        });
      },
    } as never,
  });
}

/**
 * The agents of the default resolver, one per loopback rule, shared by every POST of the process:
 * connections to an endpoint's host are kept alive and reused (each new one is checked as it is
 * dialled). A caller's own resolver (tests) gets an agent per POST.
 */
const sharedAgents = new Map<boolean, Agent>();
function agentFor(allowLoopback: boolean, resolve: Resolver | undefined): { agent: Agent; owned: boolean } {
  if (resolve) return { agent: guardedAgent(allowLoopback, resolve), owned: true };
  let agent = sharedAgents.get(allowLoopback);
  if (!agent) sharedAgents.set(allowLoopback, (agent = guardedAgent(allowLoopback)));
  return { agent, owned: false };
}

/** One POST to an endpoint, with its signatures, recorded whatever happens. */
export async function postOnce(
  deps: { allowLoopbackWebhooks: boolean; resolve?: Resolver },
  endpoint: SigningEndpoint,
  type: string,
  body: string,
): Promise<PostResult> {
  const startedAt = new Date();
  // Newest first: the newest secret alone signs X-Webhook-Signature.
  const secrets: [string, ...string[]] = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > startedAt)
    secrets.push(endpoint.previousSecret);
  const problem = urlProblem(endpoint.url, deps.allowLoopbackWebhooks);
  if (problem) return { statusCode: null, responseBody: null, error: `refused: ${problem}`, durationMs: 0, startedAt };
  const { agent, owned } = agentFor(deps.allowLoopbackWebhooks, deps.resolve);
  try {
    const res = await request(endpoint.url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'notetaker-webhooks/1',
        'x-service-event': type,
        ...Object.fromEntries(
          Object.entries(signatureHeaders(secrets, body, Math.floor(startedAt.getTime() / 1000))).map(([k, v]) => [
            k.toLowerCase(),
            v,
          ]),
        ),
      },
      body,
      headersTimeout: DELIVERY_TIMEOUT_MS,
      bodyTimeout: DELIVERY_TIMEOUT_MS,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    let text = '';
    for await (const chunk of res.body) {
      if (text.length < RESPONSE_BODY_LIMIT) text += Buffer.from(chunk as Buffer).toString('utf8');
    }
    return {
      statusCode: res.statusCode,
      responseBody: text.slice(0, RESPONSE_BODY_LIMIT),
      error: null,
      durationMs: Date.now() - startedAt.getTime(),
      startedAt,
    };
  } catch (err) {
    const e = err as Error & { cause?: Error; code?: string };
    const message =
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? `timeout: no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : `${e.code ?? e.name}: ${e.cause?.message ?? e.message}`;
    return {
      statusCode: null,
      responseBody: null,
      error: message.slice(0, 500),
      durationMs: Date.now() - startedAt.getTime(),
      startedAt,
    };
  } finally {
    if (owned) await agent.close();
  }
}
