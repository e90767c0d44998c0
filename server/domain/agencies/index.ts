export { hostOf, findAgencyByHost, createAgency, type Agency } from './agencies';
export { DEFAULT_SITE_SETTINGS, siteSettingsOf } from './siteSettings';
export { setRate, rateAt, currentRate, currentRates, rateHistory, type RateChange } from './exchangeRates';
