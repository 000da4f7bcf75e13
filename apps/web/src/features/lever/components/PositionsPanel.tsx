/**
 * Open positions: live cards, TP/SL, close one (confirmed), close all — longs, shorts or both
 * (POST /lever/dealall type 0/1/2, confirmed, with a result per position) — and batch close of the
 * selected ones (POST /lever/batch_close). Positions closed by the server (TP, SL, liquidation)
 * leave the list on its 10 s refresh, or at once when a pushed price reaches their trigger.
 */
import type { LeverCloseResults, LeverMarket, LeverPosition } from '@bourse/contract';
import { ActionSheet, Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InboxIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import {
  LEVER_LIST,
  useBatchClose,
  useCloseAll,
  useClosePosition,
  useLeverPositions,
  type LeverCloseAllType,
} from '../api/lever';
import { signed } from '../lib';
import { LEVER_PATHS } from '../paths';
import { CloseResults } from './CloseResults';
import { LoginPrompt } from './Figures';
import { PositionCard } from './PositionCard';
import { StopsSheet } from './StopsSheet';

interface Props {
  signedIn: boolean;
  markets: LeverMarket[];
  skew: number;
  onChanged: () => void;
}

export function PositionsPanel({ signedIn, markets, skew, onChanged }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useLeverPositions(LEVER_LIST.open, signedIn);
  const close = useClosePosition();
  const closeAll = useCloseAll();
  const batch = useBatchClose();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [stops, setStops] = useState<LeverPosition | null>(null);
  const [picking, setPicking] = useState(false);
  const [results, setResults] = useState<LeverCloseResults | null>(null);
  const lastTrigger = useRef(0);
  const refetch = q.refetch;
  // A pushed price reached a trigger: read the list again soon (at most every 3 s).
  const onTrigger = useCallback(() => {
    const now = Date.now();
    if (now - lastTrigger.current < 3000) return;
    lastTrigger.current = now;
    setTimeout(() => {
      void refetch();
      onChanged();
    }, 1500);
  }, [refetch, onChanged]);

  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  const open = (id: number) => markets.find((m) => m.instrument_id === id)?.market_open ?? true;

  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((cur) => {
      const next = new Set(cur);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const closeOne = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: t('lever.closeConfirm', {
        side: p.side === 'long' ? t('lever.long') : t('lever.short'),
        symbol: p.symbol,
      }),
      confirmText: t('lever.close'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      const done = await close.mutateAsync({ id: p.id });
      Toast.show({
        icon: 'success',
        content: t('lever.closedOne', { pnl: signed(done.pnl), unit: done.currency }),
      });
    } catch {
      // The client has shown the server's message.
    }
  };

  const runCloseAll = async (type: LeverCloseAllType) => {
    setPicking(false);
    const what =
      type === 1 ? t('lever.allLongs') : type === 2 ? t('lever.allShorts') : t('lever.allPositions');
    const ok = await Dialog.confirm({
      content: t('lever.closeAllConfirm', { what }),
      confirmText: t('lever.close'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      setResults(await closeAll.mutateAsync({ type }));
    } catch {
      // Shown by the client.
    }
  };

  const runBatch = async () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    const ok = await Dialog.confirm({
      content: t('lever.batchConfirm', { n: ids.length }),
      confirmText: t('lever.close'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      setResults(await batch.mutateAsync({ ids }));
      setSelected(new Set());
      setSelecting(false);
    } catch {
      // Shown by the client.
    }
  };

  let body;
  if (!signedIn) body = <LoginPrompt />;
  else if (q.isPending) body = <Skeleton.Paragraph lineCount={5} animated />;
  else if (q.isError && !q.data)
    body = <QueryError compact error={q.error} onRetry={() => void q.refetch()} />;
  else if (list.length === 0)
    body = (
      <StateView
        icon={<InboxIcon />}
        title={t('lever.noPositions')}
        description={t('lever.noPositionsDesc')}
        testId="lever-no-positions"
      />
    );
  else {
    body = (
      <div className="lever-positions" data-testid="lever-positions">
        {list.map((p) => (
          <PositionCard
            key={p.id}
            position={p}
            marketOpen={open(p.instrument_id)}
            skew={skew}
            selecting={selecting}
            selected={selected.has(p.id)}
            onSelect={onSelect}
            onClose={(x) => void closeOne(x)}
            onStops={setStops}
            onTrigger={onTrigger}
          />
        ))}
        {q.hasNextPage && (
          <Button block fill="none" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {t('lever.loadMore')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <section className="lever-section" data-testid="lever-open-positions">
      <div className="lever-section-head">
        <h2>
          {t('lever.positions')}
          {list.length > 0 && <span className="lever-count">{list.length}</span>}
        </h2>
        {signedIn && (
          <button
            type="button"
            className="lever-link"
            onClick={() => void navigate(LEVER_PATHS.history)}
            data-testid="lever-history"
          >
            {t('lever.history')} ›
          </button>
        )}
      </div>
      {signedIn && list.length > 0 && (
        <div className="lever-section-tools">
          <button
            type="button"
            className={`lever-pill${selecting ? ' lever-pill-on' : ''}`}
            onClick={() => {
              setSelecting((v) => !v);
              setSelected(new Set());
            }}
            data-testid="lever-select-mode"
          >
            {selecting ? t('common.cancel') : t('lever.select')}
          </button>
          {!selecting && (
            <button
              type="button"
              className="lever-pill"
              onClick={() => setPicking(true)}
              data-testid="lever-close-all"
            >
              {t('lever.closeAll')}
            </button>
          )}
        </div>
      )}
      {signedIn && list.length > 0 && <p className="lever-note lever-ratio-note">{t('lever.ratioRule')}</p>}
      {body}
      {selecting && (
        <div className="lever-batch-bar">
          <span>{t('lever.selected', { n: selected.size })}</span>
          <Button
            color="danger"
            size="small"
            disabled={selected.size === 0}
            loading={batch.isPending}
            onClick={() => void runBatch()}
            data-testid="lever-batch-close"
          >
            {t('lever.closeSelected')}
          </Button>
        </div>
      )}
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        cancelText={t('common.cancel')}
        extra={t('lever.closeAllTitle')}
        actions={[
          {
            key: 'all',
            text: <span data-testid="lever-close-all-0">{t('lever.allPositions')}</span>,
            onClick: () => void runCloseAll(0),
          },
          {
            key: 'long',
            text: <span data-testid="lever-close-all-1">{t('lever.allLongs')}</span>,
            onClick: () => void runCloseAll(1),
          },
          {
            key: 'short',
            text: <span data-testid="lever-close-all-2">{t('lever.allShorts')}</span>,
            onClick: () => void runCloseAll(2),
          },
        ]}
      />
      {stops && <StopsSheet position={stops} onClose={() => setStops(null)} />}
      {results && <CloseResults results={results} onClose={() => setResults(null)} />}
    </section>
  );
}
