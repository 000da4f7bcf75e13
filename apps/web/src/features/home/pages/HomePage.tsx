/** Home (spec §2): site identity, demo badge, language entry, shortcuts, currencies, fiat. */
import { LANG_NAMES, toLang } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken, useUser } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { DemoBadge } from '../../../ui/DemoBadge';
import { GlobeIcon, UserIcon } from '../../../ui/icons';
import { formatRate, useFiat } from '../../platform/api/fiat';
import { useDemoMode, useSiteName, useSiteSettings } from '../../platform/api/settings';
import { CurrencyList } from '../../platform/components/CurrencyList';
import { FiatPicker } from '../../platform/components/FiatPicker';
import { ShortcutGrid } from '../components/ShortcutGrid';

function SiteLogo({ name, logo }: { name: string; logo?: string }) {
  if (logo) return <img className="site-logo" src={logo} alt="" />;
  return (
    <span className="site-logo site-logo-letter" aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

export function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const user = useUser();
  const settings = useSiteSettings();
  const siteName = useSiteName();
  const demo = useDemoMode();
  const { code, rate } = useFiat();
  const lang = toLang(i18n.language);
  const displayName = user?.nickname || user?.email || user?.mobile || '';

  return (
    <div className="page home-page" data-testid="page-home" data-lang={i18n.language}>
      <header className="hero">
        <div className="hero-bar">
          <div className="brand">
            <SiteLogo name={siteName} logo={settings.data?.site_logo} />
            <span className="brand-name" data-testid="site-name">
              {siteName}
            </span>
            {demo && <DemoBadge />}
          </div>
          <div className="hero-actions">
            <button
              type="button"
              className="icon-button lang-button"
              onClick={() => void navigate(PATHS.language)}
              data-testid="open-language"
              aria-label={t('home.language')}
            >
              <GlobeIcon />
              <span>{LANG_NAMES[lang]}</span>
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => void navigate(PATHS.settings)}
              data-testid="open-me"
              aria-label={t('home.me')}
            >
              <UserIcon />
            </button>
          </div>
        </div>
        <div className="hero-card">
          {token ? (
            <>
              <div className="hero-title">{t('home.welcomeUser', { name: displayName || siteName })}</div>
              <Button
                size="small"
                color="primary"
                shape="rounded"
                onClick={() => void navigate(PATHS.assets)}
                className="hero-cta"
              >
                {t('home.viewAssets')}
              </Button>
            </>
          ) : (
            <>
              <div className="hero-title">{t('home.welcomeGuest', { name: siteName })}</div>
              <div className="hero-sub">{t('home.guestHint')}</div>
              <Button
                size="small"
                color="primary"
                shape="rounded"
                onClick={() => void navigate(PATHS.login)}
                className="hero-cta"
                data-testid="home-login"
              >
                {t('common.logIn')}
              </Button>
            </>
          )}
        </div>
        {demo && <p className="demo-notice">{t('home.demoNotice')}</p>}
      </header>

      <section className="section">
        <h2 className="section-title">{t('home.shortcuts')}</h2>
        <ShortcutGrid />
      </section>

      <section className="section">
        <div className="section-head">
          <h2 className="section-title">{t('home.currencies')}</h2>
          <FiatPicker />
        </div>
        {code !== 'USD' && (
          <p className="section-note" data-testid="fiat-rate">
            {t('fiat.rate', { rate: formatRate(rate.rate), code })}
          </p>
        )}
        <CurrencyList />
      </section>
    </div>
  );
}
