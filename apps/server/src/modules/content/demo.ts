/**
 * DEMO CONTENT (only with DEMO_DATA on): announcements, FAQ, about, terms, privacy, a white
 * paper outline, news, events, knowledge and two banners, in English and Chinese here and in the
 * nine other languages in demo-i18n.ts. Every item is flagged `is_demo` and says so in its text.
 * Idempotent: each item has a seed key and is created once (operators may edit or delete it
 * afterwards); languages added later reach items seeded before (demo-i18n.ts).
 */
import { CONTENT_CATEGORY as C } from '@bourse/contract';
import type { AppContext } from '../../context';
import { setSettingIfMissing } from '../platform';
import { addDemoTranslations } from './demo-i18n';
import * as repo from './repo';
import { sanitizeHtml } from './sanitize';

interface DemoItem {
  key: string;
  category: number;
  popup?: boolean;
  cover?: string;
  link?: string;
  sort?: number;
  /** Minutes before the seeding time, so lists show a spread of relative times. */
  ageMinutes: number;
  en: [title: string, body: string];
  zh: [title: string, body: string];
}

const DEMO_EN =
  '<p><em>Demo content: this text ships with the demo data so the app is not empty. Operators replace it in the console.</em></p>';
const DEMO_ZH = '<p><em>演示内容：此文本随演示数据提供，以免应用空白。运营人员可在后台替换。</em></p>';

const ITEMS: DemoItem[] = [
  {
    key: 'announcement-welcome',
    category: C.announcement,
    // Not a popup: a modal on every fresh visit would sit over Home in every demo and browser test.
    // Operators tick "Popup notice" in the console for the notices that should pop up.
    ageMinutes: 2,
    en: [
      'Welcome to the Bourse demo',
      '<p>This platform is running with <strong>demo data</strong>: balances, prices and orders are simulated and no real money moves.</p><p>Sign in with the demo account shown on the login page to explore deposits, trading and savings.</p>',
    ],
    zh: [
      '欢迎体验 Bourse 演示版',
      '<p>本平台正在使用<strong>演示数据</strong>运行：余额、价格和订单均为模拟，不涉及真实资金。</p><p>使用登录页显示的演示账户登录，即可体验充值、交易和理财功能。</p>',
    ],
  },
  {
    key: 'announcement-maintenance',
    category: C.announcement,
    ageMinutes: 60 * 26,
    en: [
      'Scheduled maintenance window (demo)',
      '<p>Maintenance windows are announced here at least 24 hours ahead. During maintenance deposits are credited afterwards; no funds are affected.</p>',
    ],
    zh: [
      '计划维护时间（演示）',
      '<p>维护时间会至少提前 24 小时在此公布。维护期间的充值将在维护结束后入账，资金不受影响。</p>',
    ],
  },
  {
    key: 'announcement-listing',
    category: C.announcement,
    ageMinutes: 60 * 24 * 3,
    en: [
      'New trading pairs are listed on the quotes page (demo)',
      '<p>Every listed pair shows its live price, 24 h change and volume on the Quotes tab.</p>',
    ],
    zh: [
      '新交易对已在行情页上线（演示）',
      '<p>每个上线的交易对都会在行情页显示实时价格、24 小时涨跌幅和成交量。</p>',
    ],
  },
  {
    key: 'banner-savings',
    category: C.banner,
    cover: '/content/banner-savings.svg',
    link: '/pages/mining/index',
    sort: 2,
    ageMinutes: 10,
    en: ['Savings with daily yield (demo)', '<p>Lock an amount and earn a daily yield.</p>'],
    zh: ['每日收益理财（演示）', '<p>锁定一定金额，每日获得收益。</p>'],
  },
  {
    key: 'banner-markets',
    category: C.banner,
    cover: '/content/banner-markets.svg',
    link: '/pages/quotation/index',
    sort: 1,
    ageMinutes: 11,
    en: ['Live markets, exact figures (demo)', '<p>Prices from the platform feed.</p>'],
    zh: ['实时行情，精确数据（演示）', '<p>价格来自平台行情源。</p>'],
  },
  {
    key: 'faq-deposit',
    category: C.faq,
    sort: 4,
    ageMinutes: 100,
    en: [
      'How do I deposit?',
      '<p>Open <strong>Assets → Deposit</strong>, pick the currency and network, and send funds to the address shown (copy it or scan the QR code). The deposit is credited after the network confirmations.</p>',
    ],
    zh: [
      '如何充值？',
      '<p>打开<strong>资产 → 充值</strong>，选择币种和网络，向显示的地址转账（可复制地址或扫描二维码）。网络确认后即到账。</p>',
    ],
  },
  {
    key: 'faq-withdraw',
    category: C.faq,
    sort: 3,
    ageMinutes: 101,
    en: [
      'How long does a withdrawal take?',
      '<p>Every withdrawal shows its status: under review, in progress, completed, or rejected with a reason. Most are processed within a few hours.</p>',
    ],
    zh: [
      '提币需要多长时间？',
      '<p>每笔提币都会显示状态：审核中、处理中、已完成，或被拒绝并附原因。大多数在几小时内处理完毕。</p>',
    ],
  },
  {
    key: 'faq-savings',
    category: C.faq,
    sort: 2,
    ageMinutes: 102,
    en: [
      'What happens if I redeem savings early?',
      '<p>Early redemption returns your principal minus the early-redemption penalty shown before you confirm. Yield already paid stays yours.</p>',
    ],
    zh: [
      '提前赎回理财会怎样？',
      '<p>提前赎回将退还本金，并扣除确认前显示的提前赎回违约金。已发放的收益仍归您所有。</p>',
    ],
  },
  {
    key: 'faq-support',
    category: C.faq,
    sort: 1,
    ageMinutes: 103,
    en: [
      'How do I reach customer service?',
      '<p>Tap <strong>Support</strong> on the home page or the button below; it opens customer service.</p>',
    ],
    zh: ['如何联系客服？', '<p>点击首页的<strong>客服</strong>或下方的按钮，即可联系客服。</p>'],
  },
  {
    // The page the demo's customer-service link (setting customer_service_url) opens.
    key: 'contact',
    category: C.contact,
    ageMinutes: 190,
    en: [
      'Contact us',
      '<h3>E-mail</h3><p>Write to <a href="mailto:support@example.com">support@example.com</a> with your user ID and what happened. We answer within one business day.</p><h3>Replies and notices</h3><p>Answers from our team and notices about your account arrive in your <a href="/pages/setting/message">message inbox</a> (the bell at the top of the home page).</p><h3>Before you write</h3><p>Many questions are answered in the <a href="/pages/common/common_problem">FAQ</a>.</p>',
    ],
    zh: [
      '联系我们',
      '<h3>电子邮件</h3><p>请发送邮件至 <a href="mailto:support@example.com">support@example.com</a>，并写明您的用户 ID 和遇到的情况。我们会在一个工作日内回复。</p><h3>回复与通知</h3><p>客服的回复和账户通知会发送到您的<a href="/pages/setting/message">消息中心</a>（首页顶部的铃铛）。</p><h3>写信之前</h3><p>许多问题在<a href="/pages/common/common_problem">常见问题</a>中已有解答。</p>',
    ],
  },
  {
    key: 'about',
    category: C.about,
    ageMinutes: 200,
    en: [
      'About us',
      '<h3>Who we are</h3><p>Bourse is self-hostable software for a retail crypto-asset platform: quotes, trading, savings and an asset centre.</p><h3>How we keep your money</h3><ul><li>Every balance change is a double-entry journal entry.</li><li>Contracts settle only against recorded prices.</li><li>Every withdrawal has a visible status.</li></ul>',
    ],
    zh: [
      '关于我们',
      '<h3>我们是谁</h3><p>Bourse 是一套可自行部署的零售数字资产平台软件：行情、交易、理财和资产中心。</p><h3>我们如何保管您的资金</h3><ul><li>每一次余额变动都是一笔复式记账分录。</li><li>合约仅按已记录的价格结算。</li><li>每笔提币都有可见的状态。</li></ul>',
    ],
  },
  {
    key: 'terms',
    category: C.terms,
    ageMinutes: 300,
    en: [
      'Terms of service',
      '<h3>1. The service</h3><p>The operator of this site provides the platform under these terms. Using the service means accepting them.</p><h3>2. Your account</h3><p>Keep your password secret. You are responsible for activity under your account.</p><h3>3. Risks</h3><p>Crypto-asset prices are volatile; you can lose the amount you trade.</p>',
    ],
    zh: [
      '服务条款',
      '<h3>1. 服务</h3><p>本站运营方依据本条款提供平台服务。使用本服务即表示接受本条款。</p><h3>2. 您的账户</h3><p>请妥善保管密码。您需对账户下的所有活动负责。</p><h3>3. 风险</h3><p>数字资产价格波动剧烈，您可能损失交易的金额。</p>',
    ],
  },
  {
    key: 'privacy',
    category: C.privacy,
    ageMinutes: 301,
    en: [
      'Privacy policy',
      '<h3>What we collect</h3><p>Your e-mail or mobile number, your orders and balances, and the verification documents you upload.</p><h3>Why</h3><p>To run your account, meet legal duties and keep the platform secure. We do not sell personal data.</p>',
    ],
    zh: [
      '隐私政策',
      '<h3>我们收集什么</h3><p>您的邮箱或手机号、订单和余额，以及您上传的认证资料。</p><h3>为什么</h3><p>用于运营您的账户、履行法律义务并保障平台安全。我们不出售个人数据。</p>',
    ],
  },
  {
    key: 'whitepaper',
    category: C.whitepaper,
    ageMinutes: 302,
    en: [
      'White paper',
      '<h3>Design principles</h3><ol><li>Money is exact: integer base units, no floating point.</li><li>The books always balance.</li><li>Honest settlement against recorded prices.</li></ol>',
    ],
    zh: [
      '白皮书',
      '<h3>设计原则</h3><ol><li>金额精确：整数最小单位，不使用浮点数。</li><li>账目始终平衡。</li><li>依据已记录价格诚实结算。</li></ol>',
    ],
  },
  {
    key: 'news-platform',
    category: C.news,
    ageMinutes: 60 * 5,
    en: [
      'Platform update: faster quotes (demo)',
      '<p>The quotes page now streams prices over the realtime channel.</p>',
    ],
    zh: ['平台更新：行情更快（演示）', '<p>行情页现在通过实时通道推送价格。</p>'],
  },
  {
    key: 'events-newcomer',
    category: C.events,
    ageMinutes: 60 * 30,
    en: [
      'Newcomer week (demo event)',
      '<p>An example of an official event page. Real events state their rules and dates here.</p>',
    ],
    zh: ['新人周（演示活动）', '<p>官方活动页面示例。真实活动会在此说明规则和日期。</p>'],
  },
  {
    key: 'knowledge-what-is-usdt',
    category: C.knowledge,
    ageMinutes: 60 * 48,
    en: [
      'What is USDT and why two networks?',
      '<p>USDT is a dollar-pegged token issued on several chains. ERC20 runs on Ethereum, TRC20 on Tron: always deposit on the network you selected.</p>',
    ],
    zh: [
      '什么是 USDT？为什么有两个网络？',
      '<p>USDT 是在多条链上发行的美元锚定代币。ERC20 运行在以太坊上，TRC20 运行在波场上：请务必使用所选网络充值。</p>',
    ],
  },
];

/** Placeholder partner and media entries, named as demo so nobody mistakes them for real ones. */
const DEMO_PARTNERS = ['Demo Partner A', 'Demo Partner B', 'Demo Partner C', 'Demo Partner D'].map(
  (name) => ({ name, logo: '', url: '' }),
);
const DEMO_MEDIA = ['Demo Media 1', 'Demo Media 2', 'Demo Media 3'].map((name) => ({
  name,
  logo: '',
  url: '',
}));

export async function seedDemoContent(ctx: AppContext): Promise<void> {
  await setSettingIfMissing(ctx, 'partners', DEMO_PARTNERS);
  await setSettingIfMissing(ctx, 'media', DEMO_MEDIA);
  // Customer service opens the demo's contact page until operators set their own chat link.
  await setSettingIfMissing(ctx, 'customer_service_url', '/pages/common/contact');
  const now = ctx.clock.now();
  for (const item of ITEMS) {
    const at = new Date(now.getTime() - item.ageMinutes * 60_000);
    await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.insertItem(
        trx,
        {
          category_id: item.category,
          status: 'published',
          publish_at: at,
          cover: item.cover ?? '',
          link_url: item.link ?? '',
          sort: item.sort ?? 0,
          is_popup: item.popup ?? false,
          is_demo: true,
          seed_key: `demo:${item.key}`,
          created_by: null,
        },
        at,
      );
      if (!row) return; // seeded before
      const pageLike = item.category !== C.banner && item.category !== C.faq;
      await repo.replaceTranslations(
        trx,
        row.id,
        [
          {
            lang: 'en',
            title: item.en[0],
            summary: '',
            body: sanitizeHtml(item.en[1] + (pageLike ? DEMO_EN : '')),
          },
          {
            lang: 'zh',
            title: item.zh[0],
            summary: '',
            body: sanitizeHtml(item.zh[1] + (pageLike ? DEMO_ZH : '')),
          },
        ],
        at,
      );
    });
  }
  await addDemoTranslations(
    ctx,
    ITEMS.map((i) => ({ key: i.key, category: i.category, enTitle: i.en[0] })),
    now,
  );
}
