/** Savings tab, /pages/mining/index: the platform's and the user's figures, and every product family. */
import type { SavingsCentre } from '@bourse/contract';
import { Button, CapsuleTabs, PullToRefresh, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { SavingsIcon } from '../../../ui/icons';
import { KINDS, useCentre, useProducts, type Kind } from '../api/savings';
import { amountText, ProductCard } from '../components/shared';
import '../savings.css';

function Figures({ centre, loggedIn }: { centre: SavingsCentre; loggedIn: boolean }) {
  const { t } = useTranslation();
  const mine = centre.user ?? [];
  const main = mine[0];
  return (
    <>
      <div className="savings-figures" data-testid="savings-my-figures">
        <div className="savings-figures-title">{t('savings.currentlySaving')}</div>
        <div className="savings-figures-main" data-testid="savings-saving">
          {loggedIn ? (main ? `${amountText(main.saving, 6)} ${main.currency}` : '0.00') : '--'}
        </div>
        <div className="savings-figures-grid">
          <div>
            <div data-testid="savings-accumulated">{main ? amountText(main.accumulated_income, 6) : loggedIn ? '0.00' : '--'}</div>
            <div className="savings-label">{t('savings.accumulatedIncome')}</div>
          </div>
          <div>
            <div data-testid="savings-yesterday">{main ? amountText(main.yesterday_income, 6) : loggedIn ? '0.00' : '--'}</div>
            <div className="savings-label">{t('savings.yesterdayIncome')}</div>
          </div>
          <div>
            <div>{main ? main.orders : loggedIn ? 0 : '--'}</div>
            <div className="savings-label">{t('savings.orders')}</div>
          </div>
        </div>
        {mine.slice(1).map((m) => (
          <div key={m.currency_id} className="savings-figures-title">
            {m.currency}: {amountText(m.saving, 6)} · {t('savings.accumulatedIncome')} {amountText(m.accumulated_income, 6)}
          </div>
        ))}
      </div>
      <div className="savings-platform" data-testid="savings-platform">
        <div>
          <div className="savings-value">
            {centre.platform.total_output.length ? centre.platform.total_output.map((o) => `${amountText(o.amount, 6)} ${o.currency}`).join(' · ') : '0'}
          </div>
          <div className="savings-label">{t('savings.totalOutput')}</div>
        </div>
        <div>
          <div className="savings-value">{centre.platform.participants}</div>
          <div className="savings-label">{t('savings.participants')}</div>
        </div>
        <div>
          <div className="savings-value">{centre.platform.valid_nodes}</div>
          <div className="savings-label">{t('savings.validNodes')}</div>
        </div>
      </div>
    </>
  );
}

export default function SavingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const products = useProducts();
  const centre = useCentre(token);
  const [kind, setKind] = useState<Kind | 'all'>('all');
  const list = (products.data ?? []).filter((p) => kind === 'all' || p.kind === kind);
  return (
    <div className="page savings-page" data-testid="page-savings">
      <header className="tab-header">
        <h1>{t('savings.title')}</h1>
      </header>
      <PullToRefresh
        onRefresh={async () => void (await Promise.all([products.refetch(), centre.refetch()]))}
        pullingText={t('pull.pulling')}
        canReleaseText={t('pull.canRelease')}
        refreshingText={t('pull.refreshing')}
        completeText={t('pull.complete')}
      >
        {centre.isPending ? (
          <Skeleton.Paragraph lineCount={4} animated className="list-skeleton" />
        ) : centre.isError ? (
          <QueryError onRetry={() => void centre.refetch()} />
        ) : (
          <Figures centre={centre.data} loggedIn={Boolean(token)} />
        )}
        <div className="savings-links">
          <Button size="small" onClick={() => void navigate(PATHS.savingsRecord)} data-testid="savings-records-link">
            {t('savings.records')}
          </Button>
          <Button size="small" onClick={() => void navigate(PATHS.savingsProfit)} data-testid="savings-profit-link">
            {t('savings.profitStats')}
          </Button>
        </div>
        <CapsuleTabs activeKey={kind} onChange={(k) => setKind(k as Kind | 'all')}>
          <CapsuleTabs.Tab key="all" title={t('savings.all')} />
          {KINDS.map((k) => (
            <CapsuleTabs.Tab key={k} title={t(`savings.kinds.${k}`)} />
          ))}
        </CapsuleTabs>
        <div className="savings-list" data-testid="savings-products">
          {products.isPending ? (
            <Skeleton.Paragraph lineCount={6} animated className="list-skeleton" />
          ) : products.isError ? (
            <QueryError onRetry={() => void products.refetch()} />
          ) : list.length === 0 ? (
            <StateView icon={<SavingsIcon />} title={t('savings.noProducts')} testId="savings-empty" />
          ) : (
            list.map((p) => <ProductCard key={p.id} p={p} onJoin={() => void navigate(`${PATHS.savingsJoin}?id=${p.id}`)} />)
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
