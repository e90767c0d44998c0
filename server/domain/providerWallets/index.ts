export {
  withProvider,
  ensureMember,
  readCredit,
  peekCredit,
  sendCreditToProvider,
  sendCreditsToProvider,
  takeCreditFromProvider,
  type WalletDeps,
  type ProviderTransferResult,
  type ProviderTransferRequest,
} from './service';
export type { PlayerAtProvider } from './repository';
export { listGames, launchGame } from './games';
