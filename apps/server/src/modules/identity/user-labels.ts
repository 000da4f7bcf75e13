/** Console labels of users for other modules' lists (spot orders and trades): one query for many users. */
import type { Database } from '../../db/database';

export interface UserLabel {
  /** Nickname, else e-mail, else mobile, else `#id`. */
  label: string;
  demo: boolean;
}

/** The labels of the users among `ids`, by id (unknown ids are left out). */
export async function userLabels(db: Database, ids: number[]): Promise<Map<number, UserLabel>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nickname', 'email', 'mobile', 'is_demo']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, { label: r.nickname || r.email || r.mobile || `#${r.id}`, demo: r.is_demo }]));
}

/** What other users may see of a user (a lead trader's card): nickname and avatar, by id. */
export async function publicProfiles(db: Database, ids: number[]): Promise<Map<number, { nickname: string; avatar: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nickname', 'avatar']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, { nickname: r.nickname || `#${r.id}`, avatar: r.avatar }]));
}
