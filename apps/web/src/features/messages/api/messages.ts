/**
 * The user's messages: POST /Mining/usermessage (paginated, with the unread count) and
 * POST /Mining/messagestatus {id} (marks one read). Only for a signed-in user.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Inbox, MessageRead, UnreadCount } from '@bourse/contract';
import { api } from '../../../api/client';
import { useToken } from '../../../api/session';

export function useInbox() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['messages', token],
    queryFn: ({ pageParam, signal }) =>
      api.post<Inbox>('/Mining/usermessage', { page: pageParam, limit: 10 }, { signal, loading: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token),
  });
}

export function useUnreadCount() {
  const token = useToken();
  return useQuery({
    queryKey: ['messages-unread', token],
    queryFn: ({ signal }) =>
      api.get<UnreadCount>('/Mining/message_unread', {}, { signal, loading: false, toast: false }),
    enabled: Boolean(token),
    staleTime: 30_000,
    select: (d) => d.unread,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<MessageRead>('/Mining/messagestatus', { id }, { loading: false }),
    onSuccess: () =>
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('messages') }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnreadCount>('/Mining/messagestatus_all'),
    onSuccess: () =>
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('messages') }),
  });
}
