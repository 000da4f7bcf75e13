export { marketRoutes } from './routes';
export { listCurrencies, findCurrency, currencyView, ensureBaseCurrencies, type CurrencyView } from './currencies';
export { createCurrency, updateCurrency, type CurrencyInput } from './currency-admin';
