/** Third stage of start-up (src/main.tsx): i18next, its React binding and the English messages. */
export { default as i18next } from 'i18next';
export { initReactI18next } from 'react-i18next';
export { enCommon } from '@bourse/locales/web';
