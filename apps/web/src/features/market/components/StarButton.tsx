import { useTranslation } from 'react-i18next';

/** The favourite star: filled when on. */
export function StarButton({ on, onToggle, className }: { on: boolean; onToggle: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`star-btn${on ? ' star-on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      aria-label={on ? t('market.unstar') : t('market.star')}
      data-testid="star"
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 17l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
