/** Paths of the leverage pages (mounted by ./routes.tsx) and the Trade tab's leverage view. */
export const LEVER_PATHS = {
  /** The Trade tab opened on its leverage view. */
  trade: '/pages/transaction/index?view=lever',
  history: '/pages/transaction/lever_order',
  detail: '/pages/transaction/lever_detail',
} as const;

export const leverDetailPath = (id: string) => `${LEVER_PATHS.detail}?id=${encodeURIComponent(id)}`;
