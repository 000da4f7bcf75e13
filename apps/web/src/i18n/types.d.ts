import type { CommonMessages } from '@bourse/locales/web';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: CommonMessages };
  }
}
