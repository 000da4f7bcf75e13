import Decimal from 'decimal.js';

/**
 * Prices and rates are exact decimals (decimal.js, configured once here for server and web).
 * Precision 60 significant digits covers NUMERIC(38,18) with room for products.
 */
export const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 60 });
export type Dec = InstanceType<typeof Dec>;

/** Converts base units to an exact Decimal of whole currency units. */
export function unitsToDecimal(units: bigint, decimals: number): Dec {
  return new Dec(units.toString()).div(new Dec(10).pow(decimals));
}

/**
 * Converts a Decimal of whole units to base units with the stated rounding direction
 * ('down' for credits to users, 'up' for debits from users). Returns the units and the residue
 * (exact value minus units, in base units) so callers can post it to the rounding account.
 */
export function decimalToUnits(value: Dec, decimals: number, rounding: 'down' | 'up'): bigint {
  const scaled = value.mul(new Dec(10).pow(decimals));
  const rounded = rounding === 'down' ? scaled.floor() : scaled.ceil();
  return BigInt(rounded.toFixed(0));
}

/**
 * Multiplies an amount (base units) by a price or rate and returns base units of the target
 * currency, rounded in the given direction.
 */
export function convertUnits(
  units: bigint,
  fromDecimals: number,
  rate: Dec | string,
  toDecimals: number,
  rounding: 'down' | 'up',
): bigint {
  const value = unitsToDecimal(units, fromDecimals).mul(typeof rate === 'string' ? new Dec(rate) : rate);
  return decimalToUnits(value, toDecimals, rounding);
}
