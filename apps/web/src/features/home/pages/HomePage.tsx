/**
 * Home: site identity, demo badge, language and inbox entries, banner carousel,
 * scrolling announcement bar, shortcuts, top markets with live prices, currencies with the fiat
 * picker, partner and media sections, and the popup notice (once per notice).
 */
import { LANG_NAMES, toLang } from '@bourse/contract';
import { Button, Skeleton } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken, useUser } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { CONTENT_PATHS } from '../../content/paths';
import { DemoBadge } from '../../../ui/DemoBadge';
import { GlobeIcon, UserIcon } from '../../../ui/icons';
import { formatRate, useFiat } from '../../platform/api/fiat';
import { useDemoMode, useSiteName, useSiteSettings } from '../../platform/api/settings';
import { CurrencyList } from '../../platform/components/CurrencyList';
import { FiatPicker } from '../../platform/components/FiatPicker';
import { useSiteLinks } from '../api/site';
import { BannerCarousel } from '../components/BannerCarousel';
import { InboxButton } from '../components/InboxButton';
import { PartnersAndMedia } from '../components/LinkSection';
import { NoticeBar } from '../components/NoticeBar';
import { PopupNotice } from '../components/PopupNotice';
import { ShortcutGrid } from '../components/ShortcutGrid';
import '../home.css';

// Markets format prices with exact decimals (decimal.js): loaded after the first paint, off the entry chunk.
const TopMarkets = lazy(() => import('../components/TopMarkets'));
// The currencies' values in the chosen fiat likewise; until then the list shows without them.
const HomeCurrencies = lazy(() => import('../components/HomeCurrencies'));

function SiteLogo({ name, logo }: { name: string; logo?: string }) {
  if (logo) return <img className="site-logo" src={logo} alt="" />;
  return (
    <span className="site-logo site-logo-letter" aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

/** Quick links to the help and legal pages at the foot of Home. */
function HelpLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links: Array<[string, string]> = [
    [CONTENT_PATHS.faq, t('content.titles.faq')],
    [CONTENT_PATHS.about, t('content.titles.about')],
    [CONTENT_PATHS.article, t('content.titles.article')],
    [CONTENT_PATHS.events, t('content.titles.events')],
    [CONTENT_PATHS.knowledge, t('content.titles.knowledge')],
    [CONTENT_PATHS.whitepaper, t('content.titles.whitepaper')],
    [CONTENT_PATHS.profit, t('content.titles.profit')],
    [CONTENT_PATHS.terms, t('content.titles.terms')],
    [CONTENT_PATHS.privacy, t('content.titles.privacy')],
  ];
  return (
    <nav className="help-links" data-testid="help-links">
      {links.map(([path, label]) => (
        <button key={path} type="button" className="link-button" onClick={() => void navigate(path)}>
          {label}
        </button>
      ))}
    </nav>
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
  const { partners, media } = useSiteLinks();

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
            <InboxButton />
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

      <BannerCarousel />
      <NoticeBar />

      <section className="section">
        <h2 className="section-title">{t('home.shortcuts')}</h2>
        <ShortcutGrid />
      </section>

      <section className="section">
        <div className="section-head">
          <h2 className="section-title">{t('home.markets')}</h2>
          <button
            type="button"
            className="link-button"
            onClick={() => void navigate(PATHS.quotes)}
            data-testid="markets-more"
          >
            {t('home.more')}
          </button>
        </div>
        <Suspense fallback={<Skeleton.Paragraph lineCount={4} animated className="list-skeleton" />}>
          <TopMarkets />
        </Suspense>
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
        <Suspense fallback={<CurrencyList />}>
          <HomeCurrencies />
        </Suspense>
      </section>

      <PartnersAndMedia partners={partners} media={media} />
      <HelpLinks />
      <PopupNotice />
    </div>
  );
}
