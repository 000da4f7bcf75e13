/**
 * Content categories (`/news/list {c_id}`: 4 news, 5 banner, 33 FAQ, 35 contact, 19 about,
 * 36 share, 34 compliance) and the further content pages (ids from 40).
 */
export const CONTENT_CATEGORY = {
  news: 4,
  banner: 5,
  about: 19,
  faq: 33,
  compliance: 34,
  contact: 35,
  share: 36,
  announcement: 40,
  whitepaper: 41,
  terms: 42,
  privacy: 43,
  events: 44,
  knowledge: 45,
  profit: 46,
} as const;
export type ContentCategoryKey = keyof typeof CONTENT_CATEGORY;

/** How a category is shown: a list of articles, a single page, banners, or a FAQ accordion. */
export const CONTENT_CATEGORY_KIND: Record<ContentCategoryKey, 'list' | 'page' | 'banner' | 'faq'> = {
  news: 'list',
  banner: 'banner',
  about: 'page',
  faq: 'faq',
  compliance: 'page',
  contact: 'page',
  share: 'page',
  announcement: 'list',
  whitepaper: 'page',
  terms: 'page',
  privacy: 'page',
  events: 'list',
  knowledge: 'list',
  profit: 'page',
};

/** Seconds a full pass of the home page's scrolling notice takes (20 s). */
export const NOTICE_SCROLL_SECONDS = 20;
