export {
  withProvider,
  ensureMember,
  readCredit,
  peekCredit,
  sendCreditToProvider,
  sendCreditsToProvider,
  recordCredits,
  sendRecordedCredits,
  takeCreditFromProvider,
  type WalletDeps,
  type ProviderTransferResult,
  type ProviderTransferRequest,
  type CreditRequest,
} from './service';
export type { PlayerAtProvider } from './repository';
export { listGames, launchGame } from './games';
