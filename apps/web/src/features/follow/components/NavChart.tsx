/**
 * The NAV-per-unit curve of a trader's lever account (1 at the start; transfers in and out do not
 * move it), a lightweight-charts line over unix-second times. Fixed height, so the page does not
 * shift while it draws.
 */
import { ColorType, createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import type { TraderDetail } from '@bourse/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { navSeries } from '../lib';

export function NavChart({ nav }: { nav: TraderDetail['nav'] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const points = navSeries(nav);

  useEffect(() => {
    const el = box.current;
    if (!el || points.length === 0) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#5b6475',
        fontSize: 10,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: '#f1f3f7' } },
      rightPriceScale: {
        borderColor: '#eceff4',
        scaleMargins: { top: 0.12, bottom: 0.08 },
        entireTextOnly: true,
      },
      timeScale: { borderColor: '#eceff4', timeVisible: false, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: false,
      handleScale: false,
      crosshair: { mode: 0 },
    });
    const last = points.at(-1)?.value ?? 1;
    const first = points[0]?.value ?? 1;
    const line = chart.addSeries(LineSeries, {
      color: last >= first ? '#087f50' : '#cf2c45',
      lineWidth: 2,
      priceLineVisible: false,
      priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
    });
    line.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [nav]);

  return (
    <div className="follow-nav" data-testid="follow-nav-chart" data-points={points.length}>
      <div ref={box} className="follow-nav-canvas" />
      {points.length === 0 && <div className="follow-nav-empty">{t('follow.navEmpty')}</div>}
    </div>
  );
}
