/**
 * /pages/fund/exchange: exchange one currency for another in the spot account at a quoted price
 * (index from stored ticks less a spread, fee shown). The quote is valid a few seconds; an
 * expired quote is refreshed before confirming. The amount is checked (entered, above 0, the
 * coin's places, the available balance) before a quote is asked for or the confirmation opens;
 * the figures confirmed are the server's: "You receive" is exactly what is booked, and the price
 * reads the usual way round ("1 ETH = … USDT").
 */
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeQuote, UserCoin } from '@bourse/contract';
import { api, ApiError } from '../../../api/client';
import { amountForInput, checkAmount } from '../../../lib/amountCheck';
import { formatAmount } from '../../../lib/format';
import { coinLabel, useCoins } from '../api/assets';
import { AmountField, CoinSelect, FundPageHeader, FundRow, FundSubmit } from '../components/FundForm';
import { SwapIcon } from '../components/icons';
import { CoinPicker } from '../components/shared';
import { useFundAction } from '../components/useFundAction';
import '../assets.css';

/** "1 ETH = 3112.7081 USDT": the server's rate, the usual way round. */
function PriceText({ q }: { q: ExchangeQuote }) {
  const p = q.display_price;
  return (
    <>
      1 {p.base} = {p.price} {p.quote}
    </>
  );
}

export default function ExchangePage() {
  const { t } = useTranslation();
  const coins = useCoins();
  const tradable = (coins.data ?? []).filter((c) => !c.isFiat && c.status === 1);
  const [fromId, setFromId] = useState<number | null>(null);
  const [toId, setToId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [quoteError, setQuoteError] = useState('');
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const { busy, confirm, send } = useFundAction();
  const [now, setNow] = useState(() => Date.now());
  const from: UserCoin | undefined = tradable.find((c) => c.id === fromId) ?? tradable[0];
  const to: UserCoin | undefined =
    tradable.find((c) => c.id === toId) ?? tradable.find((c) => c.id !== from?.id && c.name !== from?.name);
  const problem = from && amount.trim() ? checkAmount(amount, { decimals: from.decimals, unit: from.name, available: from.available }) : null;
  const problemText = problem ? t(problem.key, problem.values) : '';
  const amountOk = problem === null;

  // Re-quote (debounced 500 ms) whenever the pair or amount changes.
  useEffect(() => {
    setQuote(null);
    setQuoteError('');
    if (!from || !to || !amount.trim() || !amountOk) return;
    const ctl = new AbortController();
    const id = setTimeout(() => {
      api
        .post<ExchangeQuote>(
          '/wallet/exchange/quote',
          { from_currency_id: from.id, to_currency_id: to.id, number: amount.trim() },
          { signal: ctl.signal, loading: false, toast: false },
        )
        .then(setQuote)
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.kind !== 'aborted') setQuoteError(err.message);
        });
    }, 500);
    return () => {
      clearTimeout(id);
      ctl.abort();
    };
  }, [from?.id, to?.id, amount, amountOk]);

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = quote ? Math.max(0, Math.ceil((new Date(quote.expires_at).getTime() - now) / 1000)) : 0;

  const requote = async (): Promise<ExchangeQuote | null> => {
    if (!from || !to) return null;
    try {
      const q = await api.post<ExchangeQuote>('/wallet/exchange/quote', {
        from_currency_id: from.id,
        to_currency_id: to.id,
        number: amount.trim(),
      });
      setQuote(q);
      return q;
    } catch {
      return null;
    }
  };

  const submit = async () => {
    if (!from) return;
    // Before a quote or a confirmation: money the user has, in a form the coin takes.
    const check = checkAmount(amount, { decimals: from.decimals, unit: from.name, available: from.available });
    if (check) return Toast.show({ content: t(check.key, check.values) });
    let q = quote;
    if (!q || left <= 2) q = await requote();
    if (!q || !from || !to) return;
    const ok = await confirm(
      t('assets.confirmExchange'),
      'exchange-confirm',
      <>
        <FundRow label={t('assets.pay')} testId="confirm-pay">
          {formatAmount(q.amount, from.decimals)} {coinLabel(from)}
        </FundRow>
        <FundRow label={t('assets.fee')}>
          {formatAmount(q.fee, from.decimals)} {from.name}
        </FundRow>
        <FundRow label={t('assets.receive')} testId="confirm-receive">
          {formatAmount(q.receive, to.decimals)} {coinLabel(to)}
        </FundRow>
        <FundRow label={t('assets.price')} testId="confirm-price">
          <PriceText q={q} />
        </FundRow>
      </>,
    );
    if (!ok) return;
    const quoteId = q.quote_id;
    await send(
      () => api.post('/user/exchangeCoin', { quote_id: quoteId }),
      t('assets.exchangeSuccess'),
      () => {
        setAmount('');
        setQuote(null);
      },
    );
  };

  return (
    <div className="page fund-page" data-testid="page-exchange">
      <FundPageHeader title={t('assets.exchangeTitle')} recordsTab="exchanges" />
      <div className="fund-card swap-box">
        <div className="fund-label">{t('assets.pay')}</div>
        <CoinSelect
          coin={from}
          placeholder="--"
          onClick={() => setPicking('from')}
          testId="exchange-from"
          showChange={false}
        />
        <div className="fund-label">{t('assets.receive')}</div>
        <CoinSelect
          coin={to}
          placeholder="--"
          onClick={() => setPicking('to')}
          testId="exchange-to"
          showChange={false}
        />
        <button
          type="button"
          className="swap-button"
          aria-label={t('assets.swap')}
          onClick={() => {
            setFromId(to?.id ?? null);
            setToId(from?.id ?? null);
          }}
        >
          <SwapIcon />
        </button>
      </div>
      <div className="fund-card">
        <AmountField
          value={amount}
          onChange={setAmount}
          testId="exchange-amount"
          unit={from?.name ?? ''}
          onAll={() => from && setAmount(amountForInput(from.available, from.decimals))}
        />
        <FundRow label={t('assets.available')}>
          {from ? formatAmount(from.available, from.decimals) : '--'}
        </FundRow>
        <div className="quote-box" data-testid="exchange-quote">
          {quote ? (
            <>
              <FundRow label={t('assets.price')} testId="exchange-price">
                <PriceText q={quote} />
              </FundRow>
              <FundRow label={t('assets.fee')}>
                {formatAmount(quote.fee, from?.decimals)} {from?.name}
              </FundRow>
              <FundRow label={t('assets.receive')} testId="exchange-receive">
                {formatAmount(quote.receive, to?.decimals)} {to?.name}
              </FundRow>
              <div className="fund-hint">
                {left > 0 ? t('assets.quoteValid', { s: left }) : t('assets.quoteExpired')}
              </div>
            </>
          ) : (
            <div className={problemText ? 'fund-hint fund-problem' : 'fund-hint'} data-testid={problemText ? 'exchange-problem' : undefined}>
              {problemText || quoteError || t('assets.quoteHint')}
            </div>
          )}
        </div>
      </div>
      <FundSubmit busy={busy} disabled={!from || !to} onSubmit={submit} testId="exchange-submit">
        {t('assets.exchangeTitle')}
      </FundSubmit>
      <CoinPicker
        visible={picking !== null}
        coins={tradable}
        filter={(c) => (picking === 'from' ? c.id !== to?.id : c.id !== from?.id)}
        onClose={() => setPicking(null)}
        onPick={(c) => {
          if (picking === 'from') setFromId(c.id);
          else setToId(c.id);
          setPicking(null);
        }}
      />
    </div>
  );
}
