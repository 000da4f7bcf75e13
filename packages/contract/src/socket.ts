/** socket.io channel names (docs/product/api.md). Clients emit `sub`/`unsub` with a channel name. */
export const SOCKET_EVENTS = {
  subscribe: 'sub',
  unsubscribe: 'unsub',
  ticker: 'ticker',
  kline: 'kline',
  depth: 'depth',
  trades: 'trades',
  user: 'user',
  /** Timed contracts on the user channel: {kind: 'contract_settled', orders}. */
  contract: 'contract',
  /** Spot orders on the user channel: the changed orders of one commit (OrderView[]). */
  spotOrder: 'spot_order',
} as const;

export const channels = {
  ticker: () => 'ticker',
  kline: (symbol: string, period: string) => `kline:${symbol}:${period}`,
  depth: (symbol: string) => `depth:${symbol}`,
  trades: (symbol: string) => `trades:${symbol}`,
  user: (userId: number) => `user:${userId}`,
};

/** Public channels a client may join without a session. */
export function isPublicChannel(name: string): boolean {
  return /^(ticker|kline:[A-Z0-9/_-]+:[a-z0-9]+|depth:[A-Z0-9/_-]+|trades:[A-Z0-9/_-]+)$/.test(name);
}
