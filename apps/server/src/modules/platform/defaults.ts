import type { Lang } from '@bourse/contract';

/** Site settings created at first start; operators change them later. `public` ones are readable by anyone. */
export const DEFAULT_SETTINGS: Array<{ key: string; value: unknown; public: boolean }> = [
  { key: 'site_name', value: 'Bourse', public: true },
  { key: 'site_logo', value: '/logo.svg', public: true },
  { key: 'customer_service_url', value: '', public: true },
  { key: 'default_lang', value: 'en', public: true },
  { key: 'h5_version', value: 1, public: true },
  // Wallet sign-in (EIP-4361) parameters; the chain id the sign-in message names.
  { key: 'siwe_chain_id', value: 1, public: true },
];

type Names = Record<Lang, string>;

/** Home shortcuts (spec §2 routes). Names per language; served in the caller's language. */
export const DEFAULT_MENU: Array<{ key: string; icon: string; url: string; sort: number; names: Names }> = [
  {
    key: 'recharge',
    icon: 'deposit',
    url: '/pages/fund/recharge',
    sort: 1,
    names: { en: 'Deposit', zh: '充币', hk: '充幣', th: 'ฝาก', jp: '入金', kor: '입금', fra: 'Dépôt', spa: 'Depósito', de: 'Einzahlen', vn: 'Nạp tiền', py: 'Пополнить' },
  },
  {
    key: 'withdraw',
    icon: 'withdraw',
    url: '/pages/fund/withdraw',
    sort: 2,
    names: { en: 'Withdraw', zh: '提币', hk: '提幣', th: 'ถอน', jp: '出金', kor: '출금', fra: 'Retrait', spa: 'Retiro', de: 'Auszahlen', vn: 'Rút tiền', py: 'Вывести' },
  },
  {
    key: 'transfer',
    icon: 'transfer',
    url: '/pages/fund/transfer',
    sort: 3,
    names: { en: 'Transfer', zh: '划转', hk: '劃轉', th: 'โอน', jp: '振替', kor: '이체', fra: 'Transfert', spa: 'Transferir', de: 'Umbuchen', vn: 'Chuyển', py: 'Перевод' },
  },
  {
    key: 'savings',
    icon: 'savings',
    url: '/pages/mining/index',
    sort: 4,
    names: { en: 'Savings', zh: '理财', hk: '理財', th: 'ออมทรัพย์', jp: '資産運用', kor: '저축', fra: 'Épargne', spa: 'Ahorro', de: 'Sparen', vn: 'Tiết kiệm', py: 'Сбережения' },
  },
  {
    key: 'quotes',
    icon: 'quotes',
    url: '/pages/quotation/index',
    sort: 5,
    names: { en: 'Markets', zh: '行情', hk: '行情', th: 'ตลาด', jp: 'マーケット', kor: '시세', fra: 'Marchés', spa: 'Mercados', de: 'Märkte', vn: 'Thị trường', py: 'Рынки' },
  },
  {
    key: 'announcement',
    icon: 'announcement',
    url: '/pages/common/announcement',
    sort: 6,
    names: { en: 'Notices', zh: '公告', hk: '公告', th: 'ประกาศ', jp: 'お知らせ', kor: '공지사항', fra: 'Annonces', spa: 'Anuncios', de: 'News', vn: 'Thông báo', py: 'Новости' },
  },
  {
    key: 'faq',
    icon: 'faq',
    url: '/pages/common/common_problem',
    sort: 7,
    names: { en: 'FAQ', zh: '常见问题', hk: '常見問題', th: 'คำถามที่พบบ่อย', jp: 'よくある質問', kor: '자주 묻는 질문', fra: 'FAQ', spa: 'Preguntas frecuentes', de: 'FAQ', vn: 'Câu hỏi thường gặp', py: 'Вопросы и ответы' },
  },
  {
    key: 'aboutus',
    icon: 'about',
    url: '/pages/common/aboutus',
    sort: 8,
    names: { en: 'About us', zh: '关于我们', hk: '關於我們', th: 'เกี่ยวกับเรา', jp: '会社概要', kor: '회사 소개', fra: 'À propos', spa: 'Sobre nosotros', de: 'Über uns', vn: 'Về chúng tôi', py: 'О нас' },
  },
];

/**
 * Bundled fiat rates against USD (spec §7 External; default USD rate 1). Used until a refresh
 * source is configured and answers; the date is when this table was compiled.
 */
export const BUNDLED_FIAT_DATE = '2026-11-01T00:00:00Z';
export const BUNDLED_FIAT_RATES: Record<string, string> = {
  USD: '1',
  CNY: '7.12',
  GBP: '0.77',
  HKD: '7.78',
  JPY: '151.8',
  EUR: '0.87',
  AED: '3.6725',
  THB: '32.6',
  PHP: '58.4',
  SGD: '1.30',
  VND: '26250',
};
