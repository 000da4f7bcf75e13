/**
 * Take-profit and stop-loss of an open position (POST /lever/setstop). Only the prices the user
 * changed are sent: an emptied field clears its price (''), an untouched one is kept as it is.
 */
import type { LeverPosition } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStops } from '../api/lever';
import { stopChanges } from '../lib';
import { SideTag } from './Figures';

export function StopsSheet({ position: p, onClose }: { position: LeverPosition; onClose: () => void }) {
  const { t } = useTranslation();
  const [tp, setTp] = useState(p.target_profit_price ?? '');
  const [sl, setSl] = useState(p.stop_loss_price ?? '');
  const save = useSetStops();
  const pp = p.price_precision;
  const quote = p.symbol.split('/')[1] ?? '';

  const submit = () => {
    const changes = stopChanges(p, tp, sl);
    if (!changes) {
      onClose();
      return;
    }
    save.mutate(
      { id: p.id, ...changes },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('lever.stopsSaved') });
          onClose();
        },
      },
    );
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="lever-sheet" destroyOnClose>
      <div data-testid="lever-tpsl-sheet">
        <div className="lever-sheet-head">
          <SideTag side={p.side} leverage={p.leverage} />
          <span className="lever-sheet-symbol">{p.symbol}</span>
        </div>
        <dl className="lever-rows">
          <div>
            <dt>{t('lever.entryPrice')}</dt>
            <dd className="num">{formatPrice(p.entry_price, pp)}</dd>
          </div>
          <div>
            <dt>{t('lever.markPrice')}</dt>
            <dd className="num">{formatPrice(p.mark_price, pp)}</dd>
          </div>
          <div>
            <dt>{t('lever.liqPrice')}</dt>
            <dd className="num lever-liq">{p.liq_price ? formatPrice(p.liq_price, pp) : t('lever.none')}</dd>
          </div>
        </dl>
        <label className="lever-label" htmlFor="lever-tp-input">
          {t('lever.tp')}
        </label>
        <div className="lever-input">
          <Input
            id="lever-tp-input"
            inputMode="decimal"
            placeholder={t('lever.tpPrice')}
            value={tp}
            onChange={setTp}
            clearable
            data-testid="lever-tpsl-tp"
          />
          <span className="lever-unit">{quote}</span>
        </div>
        <label className="lever-label" htmlFor="lever-sl-input">
          {t('lever.sl')}
        </label>
        <div className="lever-input">
          <Input
            id="lever-sl-input"
            inputMode="decimal"
            placeholder={t('lever.slPrice')}
            value={sl}
            onChange={setSl}
            clearable
            data-testid="lever-tpsl-sl"
          />
          <span className="lever-unit">{quote}</span>
        </div>
        <p className="lever-note">
          {p.side === 'long' ? t('lever.stopsHintLong') : t('lever.stopsHintShort')} {t('lever.clearHint')}
        </p>
        <div className="lever-sheet-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button color="primary" loading={save.isPending} onClick={submit} data-testid="lever-tpsl-save">
            {t('lever.save')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
