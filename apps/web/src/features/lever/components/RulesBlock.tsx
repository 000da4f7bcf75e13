/**
 * The policy every position follows (LeverDeal.policy, docs/product/lever.md), folded away under
 * "Rules": isolated margin, liquidation at the bankruptcy price with the insurance fund, no
 * funding or overnight swap, the platform as counterparty, FX and metals hours, and how the
 * margin ratio is read.
 */
import type { LeverPolicy } from '@bourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../ui/icons';

export function RulesBlock({ policy }: { policy: LeverPolicy }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Each line follows the server's stated policy; a value the app does not know is not described.
  const lines = [
    policy.margin_mode === 'isolated' && t('lever.rules.isolated'),
    policy.liquidation === 'bankruptcy_price' && t('lever.rules.liquidation'),
    policy.funding === 'none' && t('lever.rules.funding'),
    policy.counterparty === 'house' && t('lever.rules.counterparty'),
    policy.margin_ratio === 'mm_over_mb' && t('lever.ratioRule'),
    t('lever.rules.fxHours'),
  ].filter((x): x is string => Boolean(x));
  return (
    <section className="lever-card lever-rules" data-testid="lever-rules">
      <button
        type="button"
        className="lever-rules-toggle"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="lever-rules-toggle"
      >
        <span>{t('lever.rules.title')}</span>
        <span className="lever-rules-summary">{t('lever.rules.summary')}</span>
        <ChevronDownIcon className={open ? 'lever-chevron lever-chevron-open' : 'lever-chevron'} />
      </button>
      {open && (
        <ul className="lever-rules-list" data-testid="lever-rules-list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
