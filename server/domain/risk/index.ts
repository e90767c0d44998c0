export { raisedFlags, type RaisedFlag } from './flags';
export { riskFlagPage, reviewRiskFlag } from './reviews';
