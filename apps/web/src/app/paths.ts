/** Route paths and the protected-page rule (docs/product/api.md). */
export const PATHS = {
  root: '/',
  home: '/pages/index/index',
  quotes: '/pages/quotation/index',
  marketDetail: '/pages/quotation/detail',
  trade: '/pages/transaction/index',
  contractOrder: '/pages/transaction/contract_order',
  contractOrderDetail: '/pages/transaction/contract_detail',
  savings: '/pages/mining/index',
  savingsRecord: '/pages/mining/record',
  savingsJoin: '/pages/mining/stakingmMining',
  savingsProfit: '/pages/mining/profit',
  assets: '/pages/fund/assets',
  assetsRecord: '/pages/fund/assets_all_record',
  recharge: '/pages/fund/recharge',
  withdraw: '/pages/fund/withdraw',
  selectCoin: '/pages/fund/select',
  transfer: '/pages/fund/transfer',
  exchange: '/pages/fund/exchange',
  login: '/pages/common/login',
  settings: '/pages/setting/index',
  language: '/pages/setting/language',
  kyc: '/pages/setting/real',
  register: '/pages/common/register',
  forget: '/pages/common/forget',
  account: '/pages/setting/account',
  security: '/pages/setting/security',
  password: '/pages/setting/password',
  bindEmail: '/pages/setting/email',
  bindMobile: '/pages/setting/mobile',
  addresses: '/pages/setting/address',
  bankCards: '/pages/setting/bank',
  invite: '/pages/setting/invite',
} as const;

/** Pages under /pages/setting/ that a visitor may open. */
const PUBLIC_SETTING_PAGES = new Set<string>([PATHS.language]);

function normalise(pathname: string): string {
  const p = pathname.replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/** Whether a page needs a session: everything under /pages/fund/ and /pages/setting/ (except the
 * language picker), savings records and profit statistics, and contract orders. */
export function isProtectedPath(pathname: string): boolean {
  const p = normalise(pathname);
  if (PUBLIC_SETTING_PAGES.has(p)) return false;
  if (p.startsWith('/pages/fund/') || p.startsWith('/pages/setting/')) return true;
  return p === PATHS.savingsRecord || p === PATHS.savingsProfit || p === PATHS.contractOrder || p === PATHS.contractOrderDetail;
}
