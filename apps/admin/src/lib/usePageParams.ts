import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_LIMIT = 20;

function positiveInt(value: string | null, fallback: number): number {
  if (!value || !/^\d{1,6}$/.test(value)) return fallback;
  const n = Number(value);
  return n > 0 ? n : fallback;
}

/**
 * Page and page size live in the URL (…#/journal?page=3&limit=50) so that a view can be
 * reloaded or shared between operators.
 */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const rawLimit = positiveInt(params.get('limit'), DEFAULT_LIMIT);
  const limit = (PAGE_SIZES as readonly number[]).includes(rawLimit) ? rawLimit : DEFAULT_LIMIT;

  const setPage = useCallback(
    (nextPage: number, nextLimit: number) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        // A new page size starts again at page 1.
        next.set('page', String(nextLimit !== limit ? 1 : nextPage));
        next.set('limit', String(nextLimit));
        return next;
      });
    },
    [setParams, limit],
  );

  const query = useMemo(() => ({ page, limit }), [page, limit]);
  return { query, page, limit, setPage, params, setParams };
}

/** antd Table pagination props for a server-paginated list. */
export function tablePagination(
  page: number,
  limit: number,
  total: number | undefined,
  onChange: (page: number, limit: number) => void,
) {
  return {
    current: page,
    pageSize: limit,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (t: number, [from, to]: [number, number]) => (t === 0 ? 'No records' : `${from}–${to} of ${t}`),
    onChange,
  };
}
