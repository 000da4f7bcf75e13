import { amountSign, formatAmount, formatSignedAmount } from '../lib/format';

interface AmountProps {
  value: string | null | undefined;
  /** The currency's scale, when known. */
  decimals?: number;
  /** Show "+" on positive values and colour by sign (journal postings). */
  signed?: boolean;
  /** Colour negatives red (balances that should not be negative). */
  warnNegative?: boolean;
}

/** An exact decimal-string amount, right-aligned-friendly with tabular figures. */
export function Amount({ value, decimals, signed = false, warnNegative = true }: AmountProps) {
  if (value === null || value === undefined || value === '') return <span className="amount amount-muted">—</span>;
  const sign = amountSign(value);
  const classes = ['amount'];
  if (signed && sign > 0) classes.push('amount-positive');
  if ((signed || warnNegative) && sign < 0) classes.push('amount-negative');
  if (sign === 0 && !signed) classes.push('amount-muted');
  return (
    <span className={classes.join(' ')} title={value}>
      {signed ? formatSignedAmount(value, decimals) : formatAmount(value, decimals)}
    </span>
  );
}
