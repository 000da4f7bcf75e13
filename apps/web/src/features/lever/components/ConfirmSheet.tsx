/**
 * The confirmation sheet: what the order would open at the current price, from the server's
 * preview (POST /lever/preview: entry price, notional, initial margin, fee, total cost, the
 * liquidation price), refreshed every 5 s while open. Confirming opens the position
 * (POST /lever/submit) with a client key made once per sheet: pressing again after a failure or a
 * time-out cannot open a second position.
 */
import type { LeverMarket } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Button, Popup, Skeleton, Toast } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { errorText } from '../../../ui/QueryError';
import { useLeverPreview, useOpenPosition, type LeverOpenBody } from '../api/lever';
import { newClientKey } from '../lib';
import { SideTag } from './Figures';

interface Props {
  market: LeverMarket;
  body: LeverOpenBody;
  onClose: () => void;
  onOpened: () => void;
}

export function ConfirmSheet({ market, body, onClose, onOpened }: Props) {
  const { t } = useTranslation();
  const [clientKey] = useState(newClientKey);
  const preview = useLeverPreview(body);
  const submit = useOpenPosition();
  const p = preview.data;
  const d = market.margin_currency.decimals;
  const pp = market.price_precision;
  const money = (v: string) => `${formatAmount(v, d)} ${p?.currency ?? market.margin_currency.name}`;
  const rows: Array<[string, ReactNode, string?]> = p
    ? [
        [t('lever.entryPrice'), formatPrice(p.entry_price, pp), 'lever-preview-entry'],
        [t('lever.quantity'), `${p.qty} ${market.base}`, 'lever-preview-qty'],
        [t('lever.notional'), money(p.notional)],
        [t('lever.initialMargin'), money(p.margin), 'lever-preview-margin'],
        [t('lever.fee'), money(p.fee), 'lever-preview-fee'],
        [t('lever.totalCost'), <b key="c">{money(p.cost)}</b>, 'lever-preview-cost'],
        [t('lever.available'), money(p.available)],
        [
          t('lever.liqPrice'),
          <b key="l" className="lever-liq">
            {p.liq_price ? formatPrice(p.liq_price, pp) : t('lever.none')}
          </b>,
          'lever-preview-liq',
        ],
      ]
    : [];
  if (p && body.target_profit_price) rows.push([t('lever.tp'), formatPrice(body.target_profit_price, pp)]);
  if (p && body.stop_loss_price) rows.push([t('lever.sl'), formatPrice(body.stop_loss_price, pp)]);

  const confirm = () => {
    submit.mutate(
      { ...body, client_key: clientKey },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('lever.opened') });
          onOpened();
        },
      },
    );
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="lever-sheet" destroyOnClose>
      <div data-testid="lever-confirm-sheet">
        <div className="lever-sheet-head">
          <SideTag side={body.type === 1 ? 'long' : 'short'} leverage={body.multiple} />
          <span className="lever-sheet-symbol">{market.symbol}</span>
          {market.is_demo && <span className="demo-badge">{t('lever.simulatedShort')}</span>}
        </div>
        {preview.isPending ? (
          <Skeleton.Paragraph lineCount={7} animated />
        ) : preview.isError && !p ? (
          <div className="lever-preview-error" data-testid="lever-preview-error">
            <p>{errorText(preview.error) || t('common.loadFailed')}</p>
            <Button size="small" fill="outline" onClick={() => void preview.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <dl className="lever-rows">
            {rows.map(([label, value, testId]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className="num" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {preview.isError && p && <p className="lever-problem">{errorText(preview.error)}</p>}
        {p && <p className="lever-note">{t('lever.previewNote')}</p>}
        <div className="lever-sheet-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            color={body.type === 1 ? 'success' : 'danger'}
            disabled={!p}
            loading={submit.isPending}
            onClick={confirm}
            data-testid="lever-confirm"
          >
            {t('lever.confirmOpen')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
