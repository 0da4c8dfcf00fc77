import type { ConnectLink } from '../db/entities';

/** A calendar connect link as POST /calendar_connect_links answers it; `url` carries the token, shown this once. */
export function serializeConnectLink(link: ConnectLink, url: string): Record<string, unknown> {
  return {
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
}
