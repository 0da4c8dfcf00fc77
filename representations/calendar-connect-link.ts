import type { ConnectLink } from '../db/entities';
import { withLegacy } from '../domain/versions';

/** A calendar connect link as POST /calendar_connect_links answers it; `url` carries the token, shown this once. */
export function serializeConnectLink(link: ConnectLink, url: string): Record<string, unknown> {
  const out = {
    id: link.id,
    object: 'calendar_connect_link',
    url,
    workspace_id: link.workspaceId,
    provider: link.provider,
    member_id: link.memberId,
    return_url: link.returnUrl,
    expires_at: link.expiresAt.toISOString(),
    created_at: link.createdAt.toISOString(),
  };
  // Links made before 2026-10-12 read their email_match there (removed since).
  return link.emailMatch ? withLegacy(out, { email_match: link.emailMatch }) : out;
}
