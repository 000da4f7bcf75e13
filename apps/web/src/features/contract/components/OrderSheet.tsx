/**
 * Order confirmation sheet: expiry options with their payout rate, currency, stake within the
 * limits, the contract-account balance, and the expected profit and fee before confirming.
 */
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContractOrderDetail, ContractProduct } from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import { PATHS } from '../../../app/paths';
import { usePayable, useSubmitOrder } from '../api/contracts';
import { currencyLabel, expectedFigures, parseStake, ratePercent } from '../lib';

interface Props {
  product: ContractProduct;
  direction: 1 | 2;
  lastPrice: string;
  onClose: () => void;
  onPlaced: (order: ContractOrderDetail) => void;
}

export function OrderSheet({ product, direction, lastPrice, onClose, onPlaced }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const payable = usePayable(product.match_id);
  const submit = useSubmitOrder();
  const [seconds, setSeconds] = useState(product.seconds[0]?.seconds ?? 0);
  const [currencyId, setCurrencyId] = useState(product.currencies[0]?.currency_id ?? 0);
  const [amount, setAmount] = useState('');
  const [clientKey] = useState(() => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
  const option = product.seconds.find((s) => s.seconds === seconds);
  const currency = product.currencies.find((c) => c.currency_id === currencyId);
  const balance = payable.data?.find((c) => c.currency_id === currencyId)?.balance ?? null;
  const parsed = currency ? parseStake(amount, currency.decimals) : { error: 'invalid' as const };

  const problem = useMemo(() => {
    if (!currency || !option) return null;
    if ('error' in parsed) return parsed.error === 'empty' ? null : t('contract.amountInvalid');
    const min = parseUnits(currency.min, currency.decimals);
    const max = parseUnits(currency.max, currency.decimals);
    if (parsed.units < min || parsed.units > max) return t('contract.outOfRange');
    if (balance !== null && parsed.units > parseUnits(balance, currency.decimals)) return t('contract.insufficient');
    return null;
  }, [parsed, currency, option, balance, t]);

  const figures = currency && option && 'units' in parsed ? expectedFigures(parsed.units, currency.decimals, option.payout_rate, product.fee_rate) : null;
  const up = direction === 1;

  const confirm = () => {
    if (!currency || !option) return;
    if ('error' in parsed) {
      Toast.show({ content: parsed.error === 'empty' ? t('contract.enterAmount') : t('contract.amountInvalid') });
      return;
    }
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    submit.mutate(
      { match_id: product.match_id, currency_id: currency.currency_id, type: direction, seconds: option.seconds, number: amount.trim(), client_key: clientKey },
      {
        onSuccess: (order) => {
          Toast.show({ icon: 'success', content: t('contract.placed') });
          onPlaced(order);
        },
      },
    );
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="contract-sheet" destroyOnClose>
      <div className="contract-sheet-head" data-testid="order-sheet">
        <span className={`contract-dir contract-dir-${up ? 'up' : 'down'}`}>{up ? t('contract.up') : t('contract.down')}</span>
        <span className="contract-sheet-symbol">{product.symbol}</span>
        <span className="num contract-sheet-price">{lastPrice}</span>
      </div>
      <div className="contract-label">{t('contract.expiry')}</div>
      <div className="contract-expiries" role="radiogroup">
        {product.seconds.map((s) => (
          <button
            key={s.seconds}
            type="button"
            role="radio"
            aria-checked={s.seconds === seconds}
            className={`contract-expiry${s.seconds === seconds ? ' contract-expiry-active' : ''}`}
            onClick={() => setSeconds(s.seconds)}
            data-testid={`expiry-${s.seconds}`}
          >
            <span className="contract-expiry-time">{t('contract.seconds', { n: s.seconds })}</span>
            <span className="contract-expiry-rate">{ratePercent(s.payout_rate)}</span>
          </button>
        ))}
      </div>
      {product.currencies.length > 1 && (
        <>
          <div className="contract-label">{t('contract.payWith')}</div>
          <div className="contract-expiries">
            {product.currencies.map((c) => (
              <button
                key={c.currency_id}
                type="button"
                className={`contract-expiry${c.currency_id === currencyId ? ' contract-expiry-active' : ''}`}
                onClick={() => setCurrencyId(c.currency_id)}
                data-testid={`pay-${c.currency_id}`}
              >
                <span className="contract-expiry-time">{currencyLabel(c)}</span>
              </button>
            ))}
          </div>
        </>
      )}
      <div className="contract-label">
        {t('contract.amount')}
        {currency && <span className="contract-limits">{t('contract.limits', { min: currency.min, max: currency.max })}</span>}
      </div>
      <Input
        className="contract-amount"
        inputMode="decimal"
        placeholder={t('contract.enterAmount')}
        value={amount}
        onChange={setAmount}
        clearable
        data-testid="order-amount"
      />
      <div className="contract-balance-line">
        <span>
          {t('contract.available')}: <b className="num" data-testid="sheet-balance">{balance ?? '--'}</b> {currency ? currencyLabel(currency) : ''}
        </span>
        <button type="button" className="link-button" onClick={() => void navigate(PATHS.transfer)}>
          {t('contract.transferIn')}
        </button>
      </div>
      {problem && <div className="contract-problem" data-testid="order-problem">{problem}</div>}
      <dl className="contract-figures">
        <div>
          <dt>{t('contract.expectedProfit')}</dt>
          <dd className="num change-up" data-testid="expected-profit">{figures ? `+${figures.profit}` : '--'}</dd>
        </div>
        <div>
          <dt>{t('contract.fee')}</dt>
          <dd className="num" data-testid="expected-fee">{figures ? figures.fee : '--'}</dd>
        </div>
      </dl>
      <p className="contract-rule">{t('contract.feeRule')}</p>
      <Button
        block
        color={up ? 'success' : 'danger'}
        loading={submit.isPending}
        disabled={!product.tradable}
        onClick={confirm}
        data-testid="order-confirm"
      >
        {t('contract.confirm')}
      </Button>
    </Popup>
  );
}
