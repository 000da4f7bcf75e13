/**
 * Trade tab: three views side by side, contract (timed up/down orders), spot (order book) and
 * leverage (isolated-margin positions). Each view is its own lazy chunk owned by its feature
 * folder; the chosen view is kept in the URL (?view=spot|contract|lever) so a link or reload
 * returns to it.
 */
import { Tabs } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DelayedLoading } from '../../../ui/DelayedLoading';

const SpotView = lazy(() => import('../../spot/SpotView'));
const ContractView = lazy(() => import('../../contract/ContractView'));
const LeverView = lazy(() => import('../../lever/LeverView'));

export type TradeView = 'contract' | 'spot' | 'lever';

function viewOf(param: string | null): TradeView {
  return param === 'spot' || param === 'lever' ? param : 'contract';
}

export default function TradePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  return (
    <div className="page" data-testid="page-trade">
      <header className="tab-header">
        <h1>{t('trade.title')}</h1>
      </header>
      <Tabs
        activeKey={view}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('view', key);
          setParams(next, { replace: true });
        }}
      >
        <Tabs.Tab title={t('trade.contractTab')} key="contract" />
        <Tabs.Tab title={t('trade.spotTab')} key="spot" />
        <Tabs.Tab title={<span data-testid="trade-tab-lever">{t('lever.tab')}</span>} key="lever" />
      </Tabs>
      <Suspense fallback={<DelayedLoading />}>
        {view === 'spot' ? <SpotView /> : view === 'lever' ? <LeverView /> : <ContractView />}
      </Suspense>
    </div>
  );
}
