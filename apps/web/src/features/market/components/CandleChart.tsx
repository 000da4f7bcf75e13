/**
 * Candle chart (lightweight-charts, loaded with this chunk only): history from new_timeshar,
 * then live candles from the socket channel kline:<symbol>:<period>. Fixed height, so the page
 * never shifts while it loads. Prices become numbers here only to be drawn.
 */
import { CandlestickSeries, ColorType, createChart, HistogramSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '../../../api/socket';
import type { Kline } from '@bourse/contract';
import { fetchKlines, type Period } from '../api/market';

// The theme's --up / --down (ui/global.css): the last-price tag is white text on these.
const UP = '#087f50';
const DOWN = '#cf2c45';

interface LiveCandle extends Kline {
  symbol: string;
  period: string;
}

function bar(k: Kline) {
  return { time: k.time as UTCTimestamp, open: Number(k.open), high: Number(k.high), low: Number(k.low), close: Number(k.close) };
}
function volumeBar(k: Kline) {
  return { time: k.time as UTCTimestamp, value: Number(k.volume), color: Number(k.close) >= Number(k.open) ? `${UP}66` : `${DOWN}66` };
}

export default function CandleChart({ symbol, period, precision }: { symbol: string; period: Period; precision: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const lastTime = useRef(0);
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#5b6475', fontSize: 10, attributionLogo: false },
      grid: { vertLines: { color: '#f1f3f7' }, horzLines: { color: '#f1f3f7' } },
      // Candles keep clear of the volume bars (bottom fifth) and the top edge; tick labels are
      // drawn whole or not at all (no half label cut by the top edge).
      rightPriceScale: { borderColor: '#eceff4', scaleMargins: { top: 0.08, bottom: 0.24 }, entireTextOnly: true },
      timeScale: { borderColor: '#eceff4', timeVisible: true, secondsVisible: false },
      crosshair: { mode: 0 },
    });
    const minMove = 1 / 10 ** precision;
    candles.current = c.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
      priceFormat: { type: 'price', precision, minMove },
    });
    // Volume has no axis of its own: no last-value tag or price line, which sat on the price
    // axis over its labels.
    volumes.current = c.addSeries(HistogramSeries, {
      priceScaleId: 'vol',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    c.priceScale('vol').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
    };
  }, [precision]);

  useEffect(() => {
    const ac = new AbortController();
    setState('loading');
    lastTime.current = 0;
    fetchKlines(symbol, period, ac.signal)
      .then((list) => {
        if (ac.signal.aborted || !candles.current || !volumes.current) return;
        candles.current.setData(list.map(bar));
        volumes.current.setData(list.map(volumeBar));
        lastTime.current = list.at(-1)?.time ?? 0;
        chart.current?.timeScale().scrollToRealTime();
        setState(list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!ac.signal.aborted) setState('error');
      });
    return () => ac.abort();
  }, [symbol, period, precision]);

  useChannel<LiveCandle>(`kline:${symbol}:${period}`, (k) => {
    if (k.symbol !== symbol || k.period !== period || !candles.current || !volumes.current) return;
    if (k.time < lastTime.current) return;
    lastTime.current = k.time;
    candles.current.update(bar(k));
    volumes.current.update(volumeBar(k));
  });

  return (
    <div className="candle-chart" data-testid="candle-chart" data-state={state}>
      <div ref={box} className="candle-canvas" />
      {state !== 'ready' && (
        <div className="candle-overlay">{state === 'loading' ? t('common.loading') : state === 'empty' ? t('market.chartEmpty') : t('market.loadFailed')}</div>
      )}
    </div>
  );
}
