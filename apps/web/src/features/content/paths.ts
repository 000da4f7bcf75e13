/** Content routes (/pages/common/*) and the further content pages. */
import { CONTENT_CATEGORY } from '@bourse/contract';

export const CONTENT_PATHS = {
  announcement: '/pages/common/announcement',
  /** The article view: with ?id= a detail, without a list of news. */
  article: '/pages/common/article',
  faq: '/pages/common/common_problem',
  about: '/pages/common/aboutus',
  profit: '/pages/common/profit',
  whitepaper: '/pages/common/whitepaper',
  terms: '/pages/common/terms',
  privacy: '/pages/common/privacy',
  events: '/pages/common/events',
  knowledge: '/pages/common/knowledge',
  /** The built-in contact page (the demo's customer-service link points here). */
  contact: '/pages/common/contact',
  messages: '/pages/setting/message',
} as const;

/** The detail of one item. */
export function articlePath(id: number): string {
  return `${CONTENT_PATHS.article}?id=${id}`;
}

export const LIST_CATEGORIES = {
  announcement: CONTENT_CATEGORY.announcement,
  article: CONTENT_CATEGORY.news,
  events: CONTENT_CATEGORY.events,
  knowledge: CONTENT_CATEGORY.knowledge,
} as const;

export const PAGE_CATEGORIES = {
  about: CONTENT_CATEGORY.about,
  profit: CONTENT_CATEGORY.profit,
  whitepaper: CONTENT_CATEGORY.whitepaper,
  terms: CONTENT_CATEGORY.terms,
  privacy: CONTENT_CATEGORY.privacy,
  contact: CONTENT_CATEGORY.contact,
} as const;
