/**
 * The market picker: a bottom sheet with the leverage markets grouped Crypto / FX & metals, each
 * with its latest price, its leverages, and for a closed FX or metal market when it opens again.
 */
import type { LeverMarket } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatInstant, groupMarkets } from '../lib';

interface Props {
  visible: boolean;
  markets: LeverMarket[];
  current: number;
  onPick: (m: LeverMarket) => void;
  onClose: () => void;
}

export function MarketPicker({ visible, markets, current, onPick, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="lever-sheet lever-picker"
      destroyOnClose
    >
      <div className="lever-sheet-title">{t('lever.pickMarket')}</div>
      {groupMarkets(markets).map(({ group, markets: list }) => (
        <section key={group} className="lever-picker-group" data-testid={`lever-group-${group}`}>
          <h3 className="lever-picker-head">{t(`lever.groups.${group}`)}</h3>
          {list.map((m) => {
            const maxLev = Math.max(...m.leverages);
            return (
              <button
                key={m.instrument_id}
                type="button"
                className={`lever-picker-row${m.instrument_id === current ? ' lever-picker-row-active' : ''}`}
                onClick={() => onPick(m)}
                data-testid={`lever-market-${m.symbol.replace('/', '_')}`}
              >
                <span className="lever-picker-name">
                  <b>{m.symbol}</b>
                  <span className="lever-picker-sub">
                    {t('lever.upTo', { n: maxLev })}
                    {m.is_demo && <span className="tag-demo">{t('common.demoData')}</span>}
                  </span>
                </span>
                <span className="lever-picker-price num">{formatPrice(m.price, m.price_precision)}</span>
                {!m.market_open ? (
                  <span className="lever-closed-note lever-picker-note">
                    {t('lever.closedOpensAt', { time: formatInstant(m.opens_at).slice(0, 16) })}
                  </span>
                ) : !m.tradable ? (
                  <span className="lever-closed-note lever-picker-note">{t('lever.suspended')}</span>
                ) : null}
              </button>
            );
          })}
        </section>
      ))}
    </Popup>
  );
}
