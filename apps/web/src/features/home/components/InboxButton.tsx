/** The message bell in the home header, with the unread count of a signed-in user. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { BellIcon } from '../../../ui/icons';
import { useUnreadCount } from '../../messages/api/messages';
import { CONTENT_PATHS } from '../../content/paths';

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
