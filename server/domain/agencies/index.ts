export { findAgencyByHost, createAgency, siteSettingsOf, type Agency } from './repository';
export { hostOf } from './rules';
export { setRate, rateAt, currentRate, currentRates, rateHistory, type RateChange } from './exchangeRates';
