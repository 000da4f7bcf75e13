/** Icons of the asset centre (stroke = currentColor), in the style of ui/icons. */
import type { SVGProps } from 'react';

type P = SVGProps<SVGSVGElement>;
const base = {
  viewBox: '0 0 24 24',
  width: '1em',
  height: '1em',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const TransferIcon = (p: P) => (
  <svg {...base} {...p}>
    <path d="M4 8h14l-3.5-3.5" />
    <path d="M20 16H6l3.5 3.5" />
  </svg>
);

export const ExchangeIcon = (p: P) => (
  <svg {...base} {...p}>
    <circle cx="8" cy="8" r="4.5" />
    <circle cx="16" cy="16" r="4.5" />
  </svg>
);

export const RecordIcon = (p: P) => (
  <svg {...base} {...p}>
    <rect x="5" y="3.5" width="14" height="17" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h4" />
  </svg>
);

export const SwapIcon = (p: P) => (
  <svg {...base} {...p}>
    <path d="M8 4v16l-3-3" />
    <path d="M16 20V4l3 3" />
  </svg>
);
