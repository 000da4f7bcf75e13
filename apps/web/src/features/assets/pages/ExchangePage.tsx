/**
 * /pages/fund/exchange: exchange one currency for another in the spot account at a quoted price
 * (index from stored ticks less a spread, fee shown). The quote is valid a few seconds; an
 * expired quote is refreshed before confirming.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { CoinIcon } from '../../../ui/CoinIcon';
import { PageHeader } from '../../../ui/PageHeader';
import { coinLabel, useCoins, type Coin, type Quote } from '../api/assets';
import { SwapIcon } from '../components/icons';
import { CoinPicker } from '../components/shared';
import '../assets.css';

export default function ExchangePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const coins = useCoins();
  const tradable = (coins.data ?? []).filter((c) => !c.isFiat && c.status === 1);
  const [fromId, setFromId] = useState<number | null>(null);
  const [toId, setToId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState('');
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const from: Coin | undefined = tradable.find((c) => c.id === fromId) ?? tradable[0];
  const to: Coin | undefined =
    tradable.find((c) => c.id === toId) ?? tradable.find((c) => c.id !== from?.id && c.name !== from?.name);

  // Re-quote (debounced 500 ms) whenever the pair or amount changes.
  useEffect(() => {
    setQuote(null);
    setQuoteError('');
    if (!from || !to || !amount.trim() || !/^\d*\.?\d+$|^\d+\.?$/.test(amount.trim())) return;
    const ctl = new AbortController();
    const id = setTimeout(() => {
      api
        .post<Quote>(
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
  }, [from?.id, to?.id, amount]);

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = quote ? Math.max(0, Math.ceil((new Date(quote.expires_at).getTime() - now) / 1000)) : 0;

  const requote = async (): Promise<Quote | null> => {
    if (!from || !to) return null;
    try {
      const q = await api.post<Quote>('/wallet/exchange/quote', {
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
    if (!amount.trim()) return Toast.show({ content: t('assets.enterAmount') });
    let q = quote;
    if (!q || left <= 2) q = await requote();
    if (!q || !from || !to) return;
    const ok = await Dialog.confirm({
      title: t('assets.confirmExchange'),
      content: (
        <div data-testid="exchange-confirm">
          <div className="fund-row">
            <span>{t('assets.pay')}</span>
            <span className="num">
              {q.amount} {coinLabel(from)}
            </span>
          </div>
          <div className="fund-row">
            <span>{t('assets.fee')}</span>
            <span className="num">
              {q.fee} {from.name}
            </span>
          </div>
          <div className="fund-row">
            <span>{t('assets.receive')}</span>
            <span className="num">
              {q.receive} {coinLabel(to)}
            </span>
          </div>
          <div className="fund-row">
            <span>{t('assets.price')}</span>
            <span className="num">
              1 {from.name} = {q.price} {to.name}
            </span>
          </div>
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await api.post('/user/exchangeCoin', { quote_id: q.quote_id });
      Toast.show({ icon: 'success', content: t('assets.exchangeSuccess') });
      setAmount('');
      setQuote(null);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['wallet-list'] }),
        qc.invalidateQueries({ queryKey: ['assets'] }),
      ]);
    } catch {
      // shown by the API client (expired quote, insufficient balance …)
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page fund-page" data-testid="page-exchange">
      <PageHeader
        title={t('assets.exchangeTitle')}
        fallback={PATHS.assets}
        right={
          <button
            type="button"
            className="header-action link-button"
            onClick={() => void navigate(`${PATHS.assetsRecord}?tab=exchanges`)}
          >
            {t('assets.actions.records')}
          </button>
        }
      />
      <div className="fund-card swap-box">
        <div className="fund-label">{t('assets.pay')}</div>
        <button
          type="button"
          className="fund-select"
          onClick={() => setPicking('from')}
          data-testid="exchange-from"
        >
          {from && <CoinIcon name={from.name} image={from.image} color={from.color} size={0.5} />}
          <span className="grow">{from ? coinLabel(from) : '--'}</span>
        </button>
        <div className="fund-label">{t('assets.receive')}</div>
        <button
          type="button"
          className="fund-select"
          onClick={() => setPicking('to')}
          data-testid="exchange-to"
        >
          {to && <CoinIcon name={to.name} image={to.image} color={to.color} size={0.5} />}
          <span className="grow">{to ? coinLabel(to) : '--'}</span>
        </button>
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
        <div className="fund-label">{t('assets.amount')}</div>
        <div className="amount-box">
          <Input
            value={amount}
            onChange={(v) => setAmount(v.replace(/[^\d.]/g, ''))}
            inputMode="decimal"
            placeholder={t('assets.enterAmount')}
            data-testid="exchange-amount"
          />
          <span>{from?.name}</span>
          <button type="button" className="link-button" onClick={() => from && setAmount(from.available)}>
            {t('assets.all')}
          </button>
        </div>
        <div className="fund-row">
          <span>{t('assets.available')}</span>
          <span className="num">{from ? formatAmount(from.available, from.decimals) : '--'}</span>
        </div>
        <div className="quote-box" data-testid="exchange-quote">
          {quote ? (
            <>
              <div className="fund-row">
                <span>{t('assets.price')}</span>
                <span className="num">
                  1 {from?.name} = {quote.price} {to?.name}
                </span>
              </div>
              <div className="fund-row">
                <span>{t('assets.fee')}</span>
                <span className="num">
                  {quote.fee} {from?.name}
                </span>
              </div>
              <div className="fund-row">
                <span>{t('assets.receive')}</span>
                <span className="num" data-testid="exchange-receive">
                  {formatAmount(quote.receive, to?.decimals)} {to?.name}
                </span>
              </div>
              <div className="fund-hint">
                {left > 0 ? t('assets.quoteValid', { s: left }) : t('assets.quoteExpired')}
              </div>
            </>
          ) : (
            <div className="fund-hint">{quoteError || t('assets.quoteHint')}</div>
          )}
        </div>
      </div>
      <div className="fund-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={!from || !to}
          onClick={() => void submit()}
          data-testid="exchange-submit"
        >
          {t('assets.exchangeTitle')}
        </Button>
      </div>
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
