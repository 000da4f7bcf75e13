/**
 * Home shortcuts from GET /api/menu: internal routes navigate, external links open a new tab, and
 * "service:" opens customer service (setting customer_service_url); without a link it is hidden.
 */
import { Skeleton } from 'antd-mobile';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuItem } from '@bourse/contract';
import { CoinIcon } from '../../../ui/CoinIcon';
import {
  DepositIcon,
  GlobeIcon,
  HelpIcon,
  InfoIcon,
  InviteIcon,
  MegaphoneIcon,
  QuotesIcon,
  SavingsIcon,
  ServiceIcon,
  TradeIcon,
  UserIcon,
  WalletIcon,
  WithdrawIcon,
} from '../../../ui/icons';
import { QueryError } from '../../../ui/QueryError';
import { FOLLOW_PATHS } from '../../follow/paths';
import { useMenu } from '../../platform/api/menu';
import { useServiceLink } from '../api/site';

/** Icon names the server's menu uses; unknown names fall back to an image path or a letter. */
const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  deposit: DepositIcon,
  withdraw: WithdrawIcon,
  transfer: TradeIcon,
  savings: SavingsIcon,
  quotes: QuotesIcon,
  announcement: MegaphoneIcon,
  faq: HelpIcon,
  about: InfoIcon,
  assets: WalletIcon,
  invite: InviteIcon,
  service: ServiceIcon,
  language: GlobeIcon,
  follow: UserIcon,
};

const TINTS = ['#3461ff', '#0ecb81', '#f0a020', '#8a5cf6', '#ff6b6b', '#14b8c4', '#2b7de9', '#5b6475'];

function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function looksLikeImage(icon: string): boolean {
  return /^(https?:\/\/|\/|data:image\/)/i.test(icon);
}

function ShortcutIcon({ item, tint }: { item: MenuItem; tint: string }) {
  const Icon = ICONS[item.icon];
  if (Icon) {
    return (
      <span className="shortcut-icon" style={{ color: tint, background: `${tint}14` }}>
        <Icon />
      </span>
    );
  }
  return (
    <CoinIcon name={item.name} image={looksLikeImage(item.icon) ? item.icon : null} color={tint} size={0.8} />
  );
}

export function ShortcutGrid() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useMenu();
  const service = useServiceLink();
  if (isPending) return <Skeleton.Paragraph lineCount={2} animated className="list-skeleton" />;
  if (isError) return <QueryError compact onRetry={() => void refetch()} />;
  const items = data.filter((item) => item.url !== 'service:' || service.available);
  // Copy trading is always offered, unless the operator's menu already links it.
  if (!items.some((item) => item.key === 'follow' || item.url === FOLLOW_PATHS.list)) {
    items.push({
      id: -1,
      key: 'follow',
      name: t('follow.shortcut'),
      icon: 'follow',
      url: FOLLOW_PATHS.list,
      sort: 0,
    });
  }
  if (items.length === 0) return null;

  const open = (item: MenuItem) => {
    if (!item.url) return;
    if (item.url === 'service:') service.open();
    else if (isExternal(item.url)) window.open(item.url, '_blank', 'noopener,noreferrer');
    else void navigate(item.url.startsWith('/') ? item.url : `/${item.url}`);
  };

  return (
    <div className="shortcut-grid" data-testid="shortcuts">
      {items.map((item, i) => (
        <button
          key={item.id}
          type="button"
          className="shortcut"
          onClick={() => open(item)}
          data-testid={`shortcut-${item.key}`}
        >
          <ShortcutIcon item={item} tint={TINTS[i % TINTS.length] ?? '#3461ff'} />
          <span className="shortcut-name">{item.name}</span>
        </button>
      ))}
    </div>
  );
}
