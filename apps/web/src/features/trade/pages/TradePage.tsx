/**
 * Trade tab: two views side by side, spot (order book) and contract (timed up/down orders).
 * Each view is its own lazy chunk owned by its feature folder; the chosen view is kept in the
 * URL (?view=spot|contract) so a link or reload returns to it.
 */
import { Tabs } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DelayedLoading } from '../../../ui/DelayedLoading';

const SpotView = lazy(() => import('../../spot/SpotView'));
const ContractView = lazy(() => import('../../contract/ContractView'));

export type TradeView = 'contract' | 'spot';

export default function TradePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: TradeView = params.get('view') === 'spot' ? 'spot' : 'contract';
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
      </Tabs>
      <Suspense fallback={<DelayedLoading />}>{view === 'spot' ? <SpotView /> : <ContractView />}</Suspense>
    </div>
  );
}
