/** The display-currency (fiat) selector: a chip that opens a bottom sheet of the known rates. */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../ui/icons';
import { fiatStore } from '../api/fiat';

const FiatSheet = lazy(() => import('./FiatSheet'));

export function FiatPicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const code = fiatStore.use();
  return (
    <>
      <button
        type="button"
        className={`chip${className ? ` ${className}` : ''}`}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        data-testid="fiat-picker"
        aria-label={t('fiat.title')}
      >
        {code}
        <ChevronDownIcon className="chip-icon" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <FiatSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
