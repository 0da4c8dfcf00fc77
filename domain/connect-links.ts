/**
 * `email_match` of a connect link, for pins before 2026-10-12 (spec: Release 2026-10-12 › Connect
 * links; the values are this service's, the spec shows only the default `exact`): which calendar
 * account may be connected for the link's member.
 */
export const EMAIL_MATCHES = ['exact', 'domain', 'any'] as const;
export type EmailMatch = (typeof EMAIL_MATCHES)[number];
export const DEFAULT_EMAIL_MATCH: EmailMatch = 'exact';

/**
 * Whether the calendar account that consented may be connected for a member: `exact` the same
 * address (ignoring case), `domain` the same domain, `any` whatever account. A member without an
 * email has nothing to compare with, so every account passes.
 */
export function accountMatches(rule: EmailMatch | null, accountEmail: string, memberEmail: string | null): boolean {
  if (rule === null || rule === 'any' || !memberEmail) return true;
  const account = accountEmail.trim().toLowerCase();
  const member = memberEmail.trim().toLowerCase();
  if (rule === 'exact') return account === member;
  return account.split('@')[1] === member.split('@')[1];
}
