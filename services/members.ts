import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids';
import type { Metadata } from '../domain/metadata';
import { Member } from '../db/entities';
import { memberWithEmail } from '../db/members';
import { slidingWindowWait } from '../db/rate-limits';
import { persistOwnSettings } from '../db/settings';

/**
 * The workspace's member with this email (any case), or a new one with its own settings, inside the
 * caller's transaction. The hourly member limit counts new ones (`{ limited: seconds }` when it is
 * reached); its lock is taken first, so two callers naming one new email create it once.
 */
export async function memberByEmail(
  em: EntityManager,
  workspaceId: string,
  data: { name: string; email: string; metadata: Metadata },
  membersPerHour: number,
): Promise<Member | { limited: number }> {
  const wait = await slidingWindowWait(em, 'members', workspaceId, membersPerHour, 3600);
  const found = await memberWithEmail(em, workspaceId, data.email);
  if (found) return found;
  if (wait !== null) return { limited: wait };
  const now = new Date();
  const member = Object.assign(new Member(), { id: newId('member'), workspaceId, name: data.name, email: data.email, metadata: data.metadata, createdAt: now, updatedAt: now });
  await em.persist(member).flush();
  await persistOwnSettings(em, { kind: 'member', id: member.id, workspaceId });
  return member;
}
