/** Paths of the copy-trading pages (mounted by ./routes.tsx). */
export const FOLLOW_PATHS = {
  /** Lead traders by period and sort: the entry point (Home shortcut, the leverage view's link). */
  list: '/pages/follow/index',
  trader: '/pages/follow/trader',
  mine: '/pages/follow/mine',
  lead: '/pages/follow/lead',
} as const;

export const traderPath = (traderUserId: number, period?: number) =>
  `${FOLLOW_PATHS.trader}?id=${traderUserId}${period ? `&period=${period}` : ''}`;
