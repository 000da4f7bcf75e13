/**
 * Machine leasing as a prepaid fee (docs/product/savings.md: the user prepays the hashrate and
 * electricity fees; nothing is refunded). A product says whether its principal returns at
 * maturity (`refund_principal`, default true); a non-refunding product cannot be redeemed early
 * and pays income to the account (never compounding into a balance nobody gets back). Each
 * subscription keeps the rule it was sold on, so a later product edit never changes an existing
 * order. The demo machine lease becomes a prepaid lease; its existing orders keep their terms.
 */
export const savingsLease: string[] = [
  `alter table savings_products add column refund_principal boolean not null default true`,
  `alter table savings_products add constraint savings_products_lease_terms
     check (refund_principal or (not early_redeem and payout = 'account'))`,
  `alter table savings_subscriptions add column refund_principal boolean not null default true`,
  `alter table savings_subscriptions add constraint savings_subscriptions_lease_refund
     check (refund_principal or refund = 0)`,
  `update savings_products set refund_principal = false, early_redeem = false, payout = 'account'
    where seed_key = 'demo:savings:machine'`,
];
