/**
 * Quotes tab: every listed market with live last price, 24 h change (green up,
 * red down), volume; favourites / all tabs, search, sort by price, change or volume, star toggle.
 * The list is sorted on the fetched snapshot; live ticks update each row in place (one row per
 * tick, fixed-width numeric columns), so rows neither jump nor shift.
 */
import type { MarketItem } from '@bourse/contract';
import { compactNumber, Dec, formatPrice } from '@bourse/money';
import { SearchBar, Skeleton, Toast } from 'antd-mobile';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { Change } from '../../../ui/Change';
import { bundledCoinImage, CoinIcon } from '../../../ui/CoinIcon';
import { QuotesIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { FiatPicker } from '../../platform/components/FiatPicker';
import { useFiatConverter } from '../../market/api/fiatPrice';
import {
  useFavouriteToggle,
  useLiveTicker,
  useQuotationList,
  useTickerFeed,
  withLive,
} from '../../market/api/market';
import { StarButton } from '../../market/components/StarButton';
import { SimulatedBadge } from '../../market/components/SimulatedBadge';
import '../../market/market.css';

type SortKey = 'default' | 'price' | 'change' | 'volume';
type Tab = 'favourites' | 'all';

export function marketPath(symbol: string): string {
  return `${PATHS.marketDetail}?symbol=${encodeURIComponent(symbol)}`;
}

const QuoteRow = memo(function QuoteRow({
  market,
  favourite,
  onStar,
}: {
  market: MarketItem;
  favourite: boolean;
  onStar: (m: MarketItem, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const live = useLiveTicker(market.symbol);
  const m = withLive(market, live);
  const toFiat = useFiatConverter();
  const fiat = toFiat(m.last, m.quote);
  return (
    <div className="quote-row" data-testid={`quote-${m.base}-${m.quote}`} data-symbol={m.symbol}>
      <StarButton on={favourite} onToggle={() => onStar(market, !favourite)} />
      <button type="button" className="quote-main" onClick={() => void navigate(marketPath(m.symbol))}>
        <span className="quote-pair">
          <CoinIcon name={m.base} image={bundledCoinImage(m.base)} size={0.56} />
          <span className="quote-names">
            <span>
              <b>{m.base}</b>
              <span className="quote-quote">/{m.quote}</span>
            </span>
            <span className="quote-vol">
              {t('market.vol')} {compactNumber(m.volume)}
            </span>
          </span>
        </span>
        <span className="quote-price num">
          <span className="quote-last" data-testid="quote-last">
            {formatPrice(m.last, m.price_precision)}
          </span>
          <span className="quote-fiat">{fiat ?? '\u00a0'}</span>
        </span>
        <span className="quote-change">
          <Change value={m.change} className="change-pill" />
        </span>
      </button>
    </div>
  );
});

function sortMarkets(list: MarketItem[], key: SortKey, desc: boolean): MarketItem[] {
  if (key === 'default') return list;
  const field = key === 'price' ? 'last' : key === 'change' ? 'change' : 'quote_volume';
  const sorted = [...list].sort((a, b) => new Dec(a[field] || '0').cmp(new Dec(b[field] || '0')));
  return desc ? sorted.reverse() : sorted;
}

export default function QuotesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const query = useQuotationList();
  const toggle = useFavouriteToggle();
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'default', desc: true });
  const [starOverride, setStarOverride] = useState<Record<string, boolean>>({});
  useTickerFeed(query.isSuccess);

  const markets = useMemo(() => (query.data ?? []).flatMap((g) => g.markets), [query.data]);
  const isFav = (m: MarketItem) => starOverride[m.symbol] ?? m.favourite;
  const simulated = markets.some((m) => m.source === 'simulated');

  const visible = useMemo(() => {
    const q = search.trim().toUpperCase();
    let list = markets.filter((m) => !q || m.symbol.includes(q) || m.base.includes(q));
    if (tab === 'favourites') list = list.filter((m) => starOverride[m.symbol] ?? m.favourite);
    return sortMarkets(list, sort.key, sort.desc);
  }, [markets, search, tab, sort, starOverride]);

  const onStar = (m: MarketItem, on: boolean) => {
    if (!token) {
      Toast.show({ content: t('common.pleaseLogIn') });
      setTimeout(() => void navigate(PATHS.login), 1200);
      return;
    }
    setStarOverride((s) => ({ ...s, [m.symbol]: on }));
    toggle.mutate(
      { symbol: m.symbol, on },
      {
        onSuccess: () => Toast.show({ content: on ? t('market.starred') : t('market.unstarred') }),
        onError: () => setStarOverride((s) => ({ ...s, [m.symbol]: !on })),
      },
    );
  };

  const sortButton = (key: Exclude<SortKey, 'default'>, label: string, className = '') => {
    const active = sort.key === key;
    return (
      <button
        type="button"
        className={`sort-btn ${className}${active ? ' sort-active' : ''}`}
        data-testid={`sort-${key}`}
        onClick={() => setSort((s) => (s.key !== key ? { key, desc: true } : s.desc ? { key, desc: false } : { key: 'default', desc: true }))}
      >
        {label}
        <span className="sort-arrows" aria-hidden="true">
          <i className={active && !sort.desc ? 'on' : ''}>▲</i>
          <i className={active && sort.desc ? 'on' : ''}>▼</i>
        </span>
      </button>
    );
  };

  let body;
  if (query.isPending) {
    body = <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />;
  } else if (query.isError && !query.data) {
    // A failed background refresh keeps the list it has; only a first load that failed shows this.
    body = (
      <QueryError compact title={t('market.loadFailed')} error={query.error} onRetry={() => void query.refetch()} testId="quotes-error" />
    );
  } else if (tab === 'favourites' && !token) {
    body = (
      <StateView icon={<QuotesIcon />} title={t('market.loginForFavourites')} testId="favourites-login">
        <button type="button" className="adm-button adm-button-primary adm-button-shape-default quote-login" onClick={() => void navigate(PATHS.login)}>
          {t('auth.title')}
        </button>
      </StateView>
    );
  } else if (visible.length === 0) {
    body =
      tab === 'favourites' && !search ? (
        <StateView icon={<QuotesIcon />} title={t('market.favEmpty')} description={t('market.favEmptyDesc')} testId="favourites-empty" />
      ) : (
        <StateView icon={<QuotesIcon />} title={t('market.noMatch')} testId="quotes-empty" />
      );
  } else {
    body = (
      <div className="quote-list" data-testid="quote-list">
        {visible.map((m) => (
          <QuoteRow key={m.symbol} market={m} favourite={isFav(m)} onStar={onStar} />
        ))}
      </div>
    );
  }

  return (
    <div className="page quotes-page" data-testid="page-quotes">
      <header className="tab-header">
        <h1>{t('quotes.title')}</h1>
        <FiatPicker />
      </header>
      <div className="quotes-tools">
        <div className="quote-tabs" role="tablist">
          {(['favourites', 'all'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`quote-tab${tab === k ? ' quote-tab-active' : ''}`}
              data-testid={`quotes-tab-${k}`}
              onClick={() => setTab(k)}
            >
              {t(`market.${k}`)}
            </button>
          ))}
        </div>
        <SearchBar
          className="quote-search"
          placeholder={t('market.search')}
          value={search}
          onChange={setSearch}
          data-testid="quotes-search"
        />
      </div>
      {simulated && <SimulatedBadge />}
      <div className="quote-head">
        <span className="quote-head-pair">
          {t('market.pair')} / {sortButton('volume', t('market.vol'))}
        </span>
        {sortButton('price', t('market.lastPrice'), 'num')}
        {sortButton('change', t('market.change24h'), 'num quote-head-change')}
      </div>
      {body}
    </div>
  );
}
