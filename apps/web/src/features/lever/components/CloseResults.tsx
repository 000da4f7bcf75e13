/** What a close-all or a batch close did: one line per position (closed with its P&L, or why not). */
import type { LeverCloseResults } from '@bourse/contract';
import { Button, CenterPopup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Pnl, SideTag } from './Figures';

export function CloseResults({ results, onClose }: { results: LeverCloseResults; onClose: () => void }) {
  const { t } = useTranslation();
  const failed = results.results.length - results.closed;
  return (
    <CenterPopup visible onMaskClick={onClose} bodyClassName="lever-results">
      <div data-testid="lever-close-results">
        <div className="lever-results-title">
          {failed === 0
            ? t('lever.closedCount', { n: results.closed })
            : t('lever.closedPartly', { n: results.closed, m: failed })}
        </div>
        {results.results.length === 0 ? (
          <p className="lever-note">{t('lever.nothingToClose')}</p>
        ) : (
          <ul className="lever-results-list">
            {results.results.map((r) => (
              <li key={r.id} data-testid={`lever-result-${r.id}`} data-outcome={r.outcome}>
                <span className="lever-results-what">
                  {r.position ? <SideTag side={r.position.side} leverage={r.position.leverage} /> : null}
                  <span>{r.position?.symbol ?? `#${r.id}`}</span>
                </span>
                {r.outcome === 'closed' ? (
                  <Pnl value={r.position?.pnl} suffix={r.position ? ` ${r.position.currency}` : ''} />
                ) : (
                  <span className="lever-results-why">{r.message ?? t(`lever.outcome.${r.outcome}`)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button block color="primary" onClick={onClose} data-testid="lever-results-ok">
          {t('lever.ok')}
        </Button>
      </div>
    </CenterPopup>
  );
}
