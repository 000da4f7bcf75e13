/**
 * A currency icon: the image the server names (`/coins/<x>.webp`), or a letter avatar in the
 * currency's colour when there is no image or it fails to load.
 */
import { useState } from 'react';

interface Props {
  name: string;
  image?: string | null;
  color?: string | null;
  /** Size in rem (1rem = 100 design units). */
  size?: number;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Currencies with an icon in `public/coins` (FX and metal currencies have none: a letter instead). */
const BUNDLED = new Set(['btc', 'eth', 'ltc', 'sol', 'xrp', 'doge', 'usdt', 'bankcard']);

/** The icon the app ships for a market's base currency, or null (CoinIcon then draws a letter, requesting nothing). */
export function bundledCoinImage(currency: string): string | null {
  const c = currency.toLowerCase();
  return BUNDLED.has(c) ? `/coins/${c}.webp` : null;
}

export function CoinIcon({ name, image, color, size = 0.64 }: Props) {
  const [failed, setFailed] = useState(false);
  const style = { width: `${size}rem`, height: `${size}rem` };
  if (image && !failed) {
    // Lazy: lists of coins sit below the fold, and on a phone network their icons would share
    // the line with the first screen's scripts.
    return (
      <img
        className="coin-icon"
        src={image}
        alt={name}
        style={style}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  const background = color && HEX.test(color) ? color : '#8a94a6';
  return (
    <span
      className="coin-icon coin-icon-letter"
      role="img"
      aria-label={name}
      style={{ ...style, background, fontSize: `${size * 0.45}rem` }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
