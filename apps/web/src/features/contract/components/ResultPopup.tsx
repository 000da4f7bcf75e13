/** The result of a settled order: open and close price, profit or loss, and where it came from. */
import type { ContractOrder } from '@bourse/contract';
import { Button, CenterPopup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { DirectionTag, Profit, StatusTag } from './OrderFigures';

export function ResultPopup({ order, onClose }: { order: ContractOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CenterPopup visible onMaskClick={onClose} bodyClassName="contract-result">
      <div data-testid="result-popup">
        <div className="contract-result-title">{t('contract.resultTitle')}</div>
        <div className="contract-result-head">
          <DirectionTag order={order} />
          <span>{order.symbol}</span>
          <StatusTag order={order} />
        </div>
        <div className="contract-result-profit">
          <Profit order={order} /> <span className="contract-result-cur">{order.currency}</span>
        </div>
        <dl className="contract-figures">
          <div>
            <dt>{t('contract.openPrice')}</dt>
            <dd className="num" data-testid="result-open">{order.open_price}</dd>
          </div>
          <div>
            <dt>{t('contract.closePrice')}</dt>
            <dd className="num" data-testid="result-close">{order.close_price ?? t('contract.noTick')}</dd>
          </div>
          <div>
            <dt>{t('contract.stake')}</dt>
            <dd className="num">
              {order.number} {order.currency}
            </dd>
          </div>
        </dl>
        <div className="contract-result-actions">
          <Button size="small" onClick={() => void navigate(`${PATHS.contractOrderDetail}?id=${order.id}`)}>
            {t('contract.viewDetail')}
          </Button>
          <Button size="small" color="primary" onClick={onClose} data-testid="result-ok">
            {t('contract.ok')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}
