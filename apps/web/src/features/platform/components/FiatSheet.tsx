/** The bottom sheet of the fiat selector (its own chunk: loaded on first open). */
import { CheckList, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fiatStore, fiatSymbol, formatRate, useFiat } from '../api/fiat';

export default function FiatSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { code, rates } = useFiat();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      <div className="sheet-title">{t('fiat.title')}</div>
      <div className="sheet-body">
        <CheckList
          value={[code]}
          onChange={(v) => {
            const next = v[0];
            if (typeof next === 'string') fiatStore.set(next);
            onClose();
          }}
        >
          {rates.map((r) => (
            <CheckList.Item
              key={r.currency_code}
              value={r.currency_code}
              data-testid={`fiat-${r.currency_code}`}
              description={t('fiat.rate', { rate: formatRate(r.rate), code: r.currency_code })}
            >
              <span className="fiat-symbol">{fiatSymbol(r.currency_code).trim()}</span> {r.currency_code}
            </CheckList.Item>
          ))}
        </CheckList>
      </div>
    </Popup>
  );
}
