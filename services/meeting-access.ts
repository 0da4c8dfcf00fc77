import type { Meeting, WorkspaceAccess } from '../db/entities';

/**
 * Who sees which meetings (spec Workspace › role): owners and admins see all; a member role reads
 * its own member's meetings; a guest sees only what is shared with it, and nothing is shared yet.
 */
export function canSeeMeeting(access: WorkspaceAccess, meeting: Pick<Meeting, 'memberId'>): boolean {
  if (access.role === 'owner' || access.role === 'admin') return true;
  if (access.role === 'member') return access.memberId !== null && meeting.memberId === access.memberId;
  return false;
}

/** The same rule as a list filter: null (everything), 'none', or the member whose meetings are visible. */
export function visibleMeetingFilter(access: WorkspaceAccess): null | 'none' | { memberId: string } {
  if (access.role === 'owner' || access.role === 'admin') return null;
  if (access.role === 'member' && access.memberId) return { memberId: access.memberId };
  return 'none';
}
