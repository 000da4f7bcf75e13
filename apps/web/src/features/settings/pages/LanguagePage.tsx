/** Language picker (open to visitors): the 11 languages with their native names. */
import { LANG_LOCALE, LANGS, LANG_NAMES, toLang, type Lang } from '@bourse/contract';
import { CheckList } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeLanguage } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';

export default function LanguagePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const current = toLang(i18n.language);
  const [busy, setBusy] = useState(false);

  const choose = async (lang: Lang) => {
    if (busy) return;
    setBusy(true);
    try {
      await changeLanguage(lang);
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx > 0) void navigate(-1);
    } catch (err) {
      console.warn('[i18n] language change failed', err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page" data-testid="page-language">
      <PageHeader title={t('language.title')} />
      <CheckList
        value={[current]}
        onChange={(v) => {
          const next = v[0];
          if (typeof next === 'string') void choose(toLang(next));
        }}
        className="lang-list"
      >
        {LANGS.map((lang) => (
          <CheckList.Item key={lang} value={lang} data-testid={`lang-${lang}`} disabled={busy}>
            <span lang={LANG_LOCALE[lang]}>{LANG_NAMES[lang]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </div>
  );
}
