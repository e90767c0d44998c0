export { findAgencyByHost, createAgency, siteSettingsOf, withdrawalSettingsOf, type Agency } from './repository';
export { hostOf } from './rules';
export {
  setRate,
  changeRate,
  rateAt,
  currentRate,
  currentRates,
  rateHistory,
  type RateChange,
  type OperatorRateChange,
} from './exchangeRates';
export { agencySettingsOf, updateAgencySettings } from './settings';
export { responsiblePlaySettingsOf, noticeOf, updateResponsiblePlaySettings } from './responsiblePlay';
export { addAgencyHost, removeAgencyHost } from './hosts';
