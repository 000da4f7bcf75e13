/**
 * The asset records' pagination: a query asks for one row more than a page (`pageWindow`), and
 * that extra row only says whether there is a next page ("no more data" when there is not).
 */
export function pageWindow(page: number, limit: number): { limit: number; offset: number } {
  return { limit: limit + 1, offset: (page - 1) * limit };
}

export function pageOf<R, V>(rows: R[], page: number, limit: number, view: (row: R) => V) {
  return { data: rows.slice(0, limit).map(view), page, limit, has_more: rows.length > limit };
}
