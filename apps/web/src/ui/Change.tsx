/** A change figure coloured by sign: up green, zero grey, down red. */
import { changeDirection, formatPercent } from '@bourse/money';
import type { ReactNode } from 'react';

interface Props {
  /** Decimal string (or number) of the change, e.g. "1.25" for +1.25 %. */
  value: string | number | null | undefined;
  /** Render as a percentage (default) or show `children` instead. */
  children?: ReactNode;
  className?: string;
}

export function Change({ value, children, className }: Props) {
  const direction = changeDirection(value);
  return (
    <span className={`change change-${direction}${className ? ` ${className}` : ''}`}>
      {children ?? formatPercent(value)}
    </span>
  );
}
