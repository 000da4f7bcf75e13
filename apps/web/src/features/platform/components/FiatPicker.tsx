/** The display-currency (fiat) selector: a chip that opens a bottom sheet of the known rates. */
import { CheckList, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../ui/icons';
import { fiatStore, fiatSymbol, formatRate, useFiat } from '../api/fiat';

export function FiatPicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { code, rates } = useFiat();
  return (
    <>
      <button
        type="button"
        className={`chip${className ? ` ${className}` : ''}`}
        onClick={() => setOpen(true)}
        data-testid="fiat-picker"
        aria-label={t('fiat.title')}
      >
        {code}
        <ChevronDownIcon className="chip-icon" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="sheet"
        destroyOnClose
      >
        <div className="sheet-title">{t('fiat.title')}</div>
        <div className="sheet-body">
          <CheckList
            value={[code]}
            onChange={(v) => {
              const next = v[0];
              if (typeof next === 'string') fiatStore.set(next);
              setOpen(false);
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
    </>
  );
}
