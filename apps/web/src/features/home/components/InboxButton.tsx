/** The message bell in the home header, with the unread count of a signed-in user. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { useUnreadCount } from '../../messages/api/messages';
import { CONTENT_PATHS } from '../../content/paths';

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export function InboxButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <button
      type="button"
      className="icon-button inbox-button"
      onClick={() => void navigate(token ? CONTENT_PATHS.messages : PATHS.login)}
      aria-label={count > 0 ? t('messages.unread', { count }) : t('messages.title')}
      data-testid="open-inbox"
    >
      <BellIcon />
      {token && count > 0 && (
        <span className="inbox-badge" data-testid="inbox-badge">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
