/** The form pieces the funds pages (recharge, withdraw, transfer, exchange) are built from. */
import { Button, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WalletCoin } from '@bourse/contract';
import { PATHS } from '../../../app/paths';
import { CoinIcon } from '../../../ui/CoinIcon';
import { PageHeader } from '../../../ui/PageHeader';
import { useCoinLabel } from './shared';

/** Header of a funds page: back to the asset centre, and a link to this page's tab of the records. */
export function FundPageHeader({
  title,
  recordsTab,
}: {
  title: string;
  recordsTab: 'deposits' | 'withdrawals' | 'transfers' | 'exchanges';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageHeader
      title={title}
      fallback={PATHS.assets}
      right={
        <button
          type="button"
          className="header-action link-button"
          onClick={() => void navigate(`${PATHS.assetsRecord}?tab=${recordsTab}`)}
        >
          {t('assets.actions.records')}
        </button>
      }
    />
  );
}

/** The chosen coin as a button that opens a coin choice; `placeholder` stands in while there is none. */
export function CoinSelect({
  coin,
  placeholder,
  onClick,
  testId,
  showChange = true,
}: {
  coin: WalletCoin | null | undefined;
  placeholder: string;
  onClick: () => void;
  testId?: string;
  /** The "Change" hint at the right (the exchange's pay/receive selectors go without). */
  showChange?: boolean;
}) {
  const { t } = useTranslation();
  const label = useCoinLabel();
  return (
    <button type="button" className="fund-select" onClick={onClick} data-testid={testId}>
      {coin && <CoinIcon name={coin.name} image={coin.image} color={coin.color} size={0.5} />}
      <span className="grow">{coin ? label(coin) : placeholder}</span>
      {showChange && <span className="link-button">{t('assets.change')}</span>}
    </button>
  );
}

/** "Amount" label and a decimal input that keeps only digits and the point, with optional unit and "All". */
export function AmountField({
  value,
  onChange,
  testId,
  placeholder,
  unit,
  onAll,
}: {
  value: string;
  onChange: (amount: string) => void;
  testId: string;
  /** Defaults to "Enter amount". */
  placeholder?: string;
  /** Shown after the input when given (the coin's name). */
  unit?: string;
  /** Adds the "All" button, which should fill in the whole usable balance. */
  onAll?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="fund-label">{t('assets.amount')}</div>
      <div className="amount-box">
        <Input
          value={value}
          onChange={(v) => onChange(v.replace(/[^\d.]/g, ''))}
          inputMode="decimal"
          placeholder={placeholder ?? t('assets.enterAmount')}
          data-testid={testId}
        />
        {unit !== undefined && <span>{unit}</span>}
        {onAll && (
          <button type="button" className="link-button" onClick={onAll}>
            {t('assets.all')}
          </button>
        )}
      </div>
    </>
  );
}

/** A label and its value on one line; the value in tabular figures unless `plain`. */
export function FundRow({
  label,
  testId,
  plain = false,
  children,
}: {
  label: ReactNode;
  testId?: string;
  plain?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="fund-row">
      <span>{label}</span>
      <span className={plain ? undefined : 'num'} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/** The page's main action at the foot of the form; `hint` goes below the button. */
export function FundSubmit({
  busy,
  disabled,
  onSubmit,
  testId,
  hint,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onSubmit: () => unknown;
  testId: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="fund-actions">
      <Button
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={disabled}
        onClick={() => void onSubmit()}
        data-testid={testId}
      >
        {children}
      </Button>
      {hint}
    </div>
  );
}
