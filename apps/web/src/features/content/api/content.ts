/**
 * Content calls: POST /news/list {c_id} (paginated), POST /news/detail {id,type},
 * GET /news/index_pop. Items arrive in the request's language with English as the fallback
 * (`lang` says which one was served). Bodies are HTML sanitised by the server when saved.
 */
import { PAGE_SIZE_DEFAULT, type ContentItem, type ContentPage } from '@bourse/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';

export function fetchNews(cId: number, page: number, limit: number, withBody: boolean, signal?: AbortSignal) {
  return api.post<ContentPage>(
    '/news/list',
    { c_id: cId, page, limit, with_body: withBody ? 1 : undefined },
    { signal, loading: false },
  );
}

/** A paginated list of one category ("no more data" when `has_more` is false). */
export function useNewsList(cId: number, opts: { withBody?: boolean; limit?: number } = {}) {
  const { i18n } = useTranslation();
  const limit = opts.limit ?? PAGE_SIZE_DEFAULT;
  return useInfiniteQuery({
    queryKey: ['news', cId, i18n.language, limit, opts.withBody ?? false],
    queryFn: ({ pageParam, signal }) => fetchNews(cId, pageParam, limit, opts.withBody ?? false, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** The first page only (home banners, notice bar). */
export function useNewsHead(cId: number, limit: number, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['news-head', cId, i18n.language, limit],
    queryFn: ({ signal }) => fetchNews(cId, 1, limit, false, signal),
    staleTime: 60_000,
    enabled,
  });
}

export function useNewsDetail(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['news-detail', id, i18n.language],
    queryFn: ({ signal }) =>
      api.post<ContentItem & { body: string }>('/news/detail', { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}

export function usePopupNotice() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['news-popup', i18n.language],
    queryFn: ({ signal }) =>
      api.get<(ContentItem & { body: string }) | null>(
        '/news/index_pop',
        {},
        { signal, loading: false, toast: false },
      ),
    staleTime: 5 * 60_000,
  });
}
