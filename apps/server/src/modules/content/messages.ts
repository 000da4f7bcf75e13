/** User messages: the inbox of a user, read marks, and the messages operators send (one user or everybody). */
import { channels } from '@bourse/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { usersByIds } from '../identity';
import { audit, operatorNamesByIds, type Operator } from '../operators';
import * as repo from './repo';

export async function inbox(ctx: AppContext, userId: number, page: number, limit: number) {
  const { items, total, unread } = await repo.listInbox(ctx.db, userId, page, limit);
  return {
    list: items.map((m) => ({
      id: String(m.id),
      title: m.title,
      content: m.body,
      broadcast: m.user_id === null,
      time: m.created_at.getTime(),
      read: m.read_at !== null,
      read_at: m.read_at?.getTime() ?? null,
    })),
    total,
    unread,
    page,
    limit,
    has_more: page * limit < total,
  };
}

/** Marks one of the caller's messages read (`/Mining/messagestatus {id}`); idempotent. */
export async function markMessageRead(ctx: AppContext, userId: number, id: string) {
  const found = await repo.findInboxMessage(ctx.db, userId, id);
  if (!found) throw new AppError('message_not_found');
  if (found.read_at === null) await repo.markRead(ctx.db, userId, id, ctx.clock.now());
  return { id, read: true, unread: await repo.unreadCount(ctx.db, userId) };
}

export async function markAllMessagesRead(ctx: AppContext, userId: number) {
  await repo.markAllRead(ctx.db, userId, ctx.clock.now());
  return { unread: await repo.unreadCount(ctx.db, userId) };
}

export async function unreadMessages(ctx: AppContext, userId: number) {
  return { unread: await repo.unreadCount(ctx.db, userId) };
}

/** An operator message to one user (user_id) or to everybody (null). Plain text. */
export async function sendMessage(
  ctx: AppContext,
  op: Operator | null,
  input: { user_id: number | null; title: string; body: string },
  ip: string | null,
) {
  if (input.user_id !== null && !(await usersByIds(ctx.db, [input.user_id])).has(input.user_id))
    throw new AppError('message_user_not_found');
  const title = input.title.trim();
  const body = input.body.trim();
  const row = await repo.insertMessage(
    ctx.db,
    { user_id: input.user_id, title, body, created_by: op?.id ?? null },
    ctx.clock.now(),
  );
  const view = {
    id: String(row.id),
    user_id: row.user_id,
    title,
    body,
    created_at: row.created_at.toISOString(),
  };
  if (op)
    await audit(
      ctx,
      op.id,
      input.user_id === null ? 'message.broadcast' : 'message.send',
      input.user_id === null ? 'users:all' : `user:${input.user_id}`,
      undefined,
      view,
      ip,
    );
  if (input.user_id !== null)
    ctx.realtime.publish(channels.user(input.user_id), 'message', { id: view.id, title });
  return view;
}

/** The sent messages, newest first, with the recipient's e-mail or mobile and the sender's name. */
export async function adminListMessages(ctx: AppContext, page: number, limit: number) {
  const { items, total } = await repo.listMessagesAdmin(ctx.db, page, limit);
  const [users, operators] = await Promise.all([
    usersByIds(ctx.db, items.flatMap((m) => (m.user_id === null ? [] : [m.user_id]))),
    operatorNamesByIds(ctx.db, items.flatMap((m) => (m.created_by === null ? [] : [m.created_by]))),
  ]);
  return {
    items: items.map((m) => {
      const user = m.user_id === null ? undefined : users.get(m.user_id);
      return {
        id: String(m.id),
        user_id: m.user_id,
        user: m.user_id === null ? null : (user?.email ?? user?.mobile ?? `#${m.user_id}`),
        title: m.title,
        body: m.body,
        operator: m.created_by === null ? null : (operators.get(m.created_by) ?? null),
        reads: Number(m.reads ?? 0),
        created_at: m.created_at.toISOString(),
      };
    }),
    total,
  };
}
