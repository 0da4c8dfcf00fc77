import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { pruneSpentChallenges, spendChallenge } from '../db/agent-sessions';
import type { AppDeps } from './context';

/**
 * The proof-of-work challenge of sign-up and of the agent handoff page (spec Authentication, 8:
 * automated clients are challenged): ALTCHA, served and verified by this service, no third party.
 * The browser's widget searches a PBKDF2 counter; the server checks the answer, its signature, its
 * expiry, and that it was not spent before.
 */

const CHALLENGE_TTL_MS = 10 * 60_000;

function secrets(deps: AppDeps) {
  const secret = deps.config.signingSecret;
  if (!secret) throw new Error('the proof-of-work challenge needs SIGNING_SECRET');
  const derive = (purpose: string) => createHmac('sha256', secret).update(`altcha:${purpose}`).digest('hex');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

/** A new signed challenge, what the widget fetches. */
export async function newChallenge(deps: AppDeps): Promise<Challenge> {
  const { challengeCost, challengeCounterMax } = deps.config.webApp;
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: challengeCost,
    counter: randomInt(challengeCounterMax, Math.floor(challengeCounterMax / 2)),
    deriveKey,
    // The library checks expiry against the system clock, so the challenge is dated by it too.
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    ...secrets(deps),
  });
}

/** Whether the widget's payload (the `altcha` form field) solves a challenge of ours not spent before. */
export async function challengeSolved(deps: AppDeps, payload: unknown): Promise<boolean> {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 10_000) return false;
  const em = deps.orm.em.fork();
  const at = new Date();
  const { hmacSignatureSecret, hmacKeySignatureSecret } = secrets(deps);
  const result = await verify(payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret, {
    get: () => false,
    set: () => undefined,
    // One solution opens one page: a replayed payload is refused.
    setIfAbsent: (id: string) => spendChallenge(em, id, at),
  });
  if (result.error === null) await pruneSpentChallenges(em, new Date(at.getTime() - 2 * CHALLENGE_TTL_MS));
  return result.error === null;
}
