// The console's view of one player gathers from players, deposits, withdrawals, promotions, exclusions
// and the provider wallets: it sits above them all, so none of them imports another to build it.
import type { PlayerProfile, ProviderBalance } from '../../../contract/adminPlayers';
import { formatAmount } from '../../../contract/money';
import { PROVIDERS } from '../../../contract/providers';
import { listDeposits } from '../deposits';
import { peekCredit, type WalletDeps } from '../providerWallets';
import { usagesOf } from '../promotions';
import { withdrawalsOf } from '../withdrawals';
import { runningBreak } from '../breaks';
import { bankAccountsOf, devicesOf, linkedPlayersOf, playerStanding, sessionsOf } from '../players';

/** How many of the latest deposits, withdrawals and promotion usages the profile shows. */
const LATEST = 10;

/**
 * Each provider's live credit, asked at once; a provider that fails or does not answer in time is
 * shown unavailable, never as a zero the operator could take for an empty wallet.
 */
async function liveBalances(deps: WalletDeps, agencyId: string, playerId: string): Promise<ProviderBalance[]> {
  const reads = await Promise.allSettled(PROVIDERS.map((provider) => peekCredit(deps, { agencyId, playerId, provider })));
  return reads.map((read, index) =>
    read.status === 'fulfilled'
      ? { provider: PROVIDERS[index], available: true as const, amount: formatAmount(read.value, 'THB') }
      : { provider: PROVIDERS[index], available: false as const },
  );
}

/**
 * The console's profile of one of the agency's players (a 404 for anyone else's): identity and
 * flags, bank account, the break running `now`, live balances, latest money movements and promotion usages, sessions,
 * devices and the players linked by a device or an account number.
 */
export async function playerProfile(deps: WalletDeps, agencyId: string, playerId: string, now: Date): Promise<PlayerProfile> {
  const { db } = deps;
  const player = await playerStanding(db, agencyId, playerId);
  const who = { agencyId, playerId: player.id };
  const [bankAccounts, exclusion, balances, deposits, withdrawals, usages, sessions, devices, linkedPlayers] = await Promise.all([
    bankAccountsOf(db, agencyId, player.id),
    runningBreak(db, who, now),
    liveBalances(deps, agencyId, player.id),
    listDeposits(db, who, { page: 1, pageSize: LATEST }),
    withdrawalsOf(db, who, 1, LATEST),
    usagesOf(db, who, 1, LATEST),
    sessionsOf(db, agencyId, player.id),
    devicesOf(db, agencyId, player.id),
    linkedPlayersOf(db, agencyId, player.id),
  ]);
  return {
    player,
    bankAccount: bankAccounts[0] ?? null,
    exclusion,
    balances,
    deposits: deposits.items,
    withdrawals: withdrawals.items,
    promotionUsages: usages.items,
    sessions,
    devices,
    linkedPlayers,
  };
}
