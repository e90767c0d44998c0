import { setTimeout as sleep } from 'node:timers/promises';
import { formatAmount, parseAmount } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import type { Game } from '../../../contract/games';
import { callOutside } from '../outsideCall';

/**
 * The transfer-wallet client for the five game providers (docs/providers.md has the wire API).
 * Every call has a timeout. A call that times out, cannot connect or gets a 5xx has an unknown
 * outcome (ProviderUnavailable): for a transfer that means "maybe done", never "failed". A 4xx with
 * a code is the provider's definite answer (ProviderRefusal).
 *
 * A call that fails fast (no connection, or a 5xx) is made again, up to `attempts` times in all:
 * every call is safe to repeat (reads, and transfers keyed by a ref the provider runs once), and a
 * blip at the provider should not become an error for the player. A timeout is not repeated: the
 * player has waited long enough, and the reconciler settles what it left unknown.
 */

export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: Provider,
    readonly operation: string,
    reason: string,
    /** No answer within the timeout (the call may still be running at the provider). */
    readonly timedOut = false,
  ) {
    super(`${provider} ${operation}: ${reason}`);
    this.name = 'ProviderUnavailable';
  }
}

export class ProviderRefusal extends Error {
  constructor(
    readonly provider: Provider,
    readonly operation: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(`${provider} ${operation} refused: ${code}`);
    this.name = 'ProviderRefusal';
  }
}

export type TransferDirection = 'IN' | 'OUT';

export interface ProviderTransfer {
  /** Unique per transfer; the provider runs a ref at most once. */
  ref: string;
  member: string;
  /** IN puts credit into the member's wallet at the provider, OUT takes it out. */
  direction: TransferDirection;
  /** THB in satang, above 0. */
  amount: bigint;
}

export type ProviderTransferStatus = { status: 'SUCCESS' } | { status: 'FAILED'; code: string } | { status: 'NOT_FOUND' };

/** One transfer of the provider's transfer log: what the provider did (or refused) with a ref. */
export interface ProviderTransferRecord {
  ref: string;
  member: string;
  direction: TransferDirection;
  /** THB in satang. */
  amount: bigint;
  /** SUCCESS: the provider moved the credit; FAILED: it refused the ref and moved nothing. */
  status: 'SUCCESS' | 'FAILED';
  createdAt: Date;
}

export interface ProviderGameList {
  tab: string | null;
  tabs: string[];
  lobby: boolean;
  games: Game[];
}

export interface ProviderClient {
  /** Creates the member; an existing member is fine. */
  createMember(provider: Provider, member: string): Promise<void>;
  /** The member's wallet balance in satang. */
  balance(provider: Provider, member: string): Promise<bigint>;
  /** Runs the transfer and returns the new balance; throws ProviderRefusal or ProviderUnavailable. */
  transfer(provider: Provider, transfer: ProviderTransfer): Promise<bigint>;
  /** What became of a ref. NOT_FOUND is final: the provider will not run that ref afterwards. */
  transferStatus(provider: Provider, ref: string): Promise<ProviderTransferStatus>;
  /** The provider's transfer log of [since, until), every page of it; unlike transferStatus it closes no ref. */
  transferLog(provider: Provider, window: { since: Date; until: Date }): Promise<ProviderTransferRecord[]>;
  /** The log's record of one ref, or null when the provider never received a transfer with it. */
  transferRecord(provider: Provider, ref: string): Promise<ProviderTransferRecord | null>;
  /** The URL that opens a game (or the provider's lobby) for the member. */
  launch(provider: Provider, request: { member: string; gameCode?: string; language?: string }): Promise<string>;
  games(provider: Provider, tab?: string): Promise<ProviderGameList>;
  /** The stakes the member bet since a moment (satang) and how many bets. */
  turnover(provider: Provider, member: string, since?: Date): Promise<{ turnover: bigint; bets: number }>;
}

export interface ProviderClientOptions {
  /** The base URL of a provider's API, without a trailing slash. */
  baseUrl: (provider: Provider) => string;
  timeoutMs: number;
  /** Tries of a call that fails fast (no connection, 5xx); 1 = no retry. */
  attempts?: number;
}

/** Pause before the next try of a call that failed fast: 100 ms, then 200 ms, ... */
const RETRY_PAUSE_MS = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** One call of the provider API, named for its errors. */
interface ProviderCall {
  provider: Provider;
  operation: string;
  method: 'GET' | 'POST';
  body?: unknown;
}

/** One try: the answer's JSON, ProviderUnavailable (no answer, a 5xx, not JSON) or ProviderRefusal (a 4xx). */
async function callOnce(
  url: string,
  timeoutMs: number,
  { provider, operation, method, body }: ProviderCall,
): Promise<Record<string, unknown>> {
  const answer = await callOutside(url, { method, body, timeoutMs });
  if (!answer.answered) throw new ProviderUnavailable(provider, operation, answer.reason, answer.timedOut);
  const data = answer.body;
  if (answer.status >= 500 || !isRecord(data)) throw new ProviderUnavailable(provider, operation, `HTTP ${answer.status}`);
  if (answer.status >= 400) {
    throw new ProviderRefusal(provider, operation, typeof data.code === 'string' ? data.code : `HTTP_${answer.status}`, answer.status);
  }
  return data;
}

function recordFrom(provider: Provider, value: unknown): ProviderTransferRecord {
  const record = isRecord(value) ? value : {};
  const createdAt = typeof record.createdAt === 'string' ? new Date(record.createdAt) : new Date(NaN);
  if (
    typeof record.ref !== 'string' ||
    typeof record.member !== 'string' ||
    (record.direction !== 'IN' && record.direction !== 'OUT') ||
    (record.status !== 'SUCCESS' && record.status !== 'FAILED') ||
    Number.isNaN(createdAt.getTime())
  )
    throw new ProviderUnavailable(provider, 'transferLog', 'unreadable transfer record');
  return {
    ref: record.ref,
    member: record.member,
    direction: record.direction,
    amount: amountFrom(provider, 'transferLog', record.amount),
    status: record.status,
    createdAt,
  };
}

function amountFrom(provider: Provider, operation: string, value: unknown): bigint {
  const amount = parseAmount(value, 'THB');
  if (amount === undefined) throw new ProviderUnavailable(provider, operation, `unreadable amount ${JSON.stringify(value)}`);
  return amount;
}

export function createProviderClient({ baseUrl, timeoutMs, attempts = 3 }: ProviderClientOptions): ProviderClient {
  async function call(provider: Provider, operation: string, method: 'GET' | 'POST', path: string, body?: unknown) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callOnce(`${baseUrl(provider)}${path}`, timeoutMs, { provider, operation, method, body });
      } catch (error) {
        if (!(error instanceof ProviderUnavailable) || error.timedOut || attempt >= attempts) throw error;
        await sleep(RETRY_PAUSE_MS * attempt);
      }
    }
  }

  const member = (name: string) => encodeURIComponent(name);

  return {
    async createMember(provider, name) {
      await call(provider, 'createMember', 'POST', '/members', { member: name });
    },

    async balance(provider, name) {
      const data = await call(provider, 'balance', 'GET', `/members/${member(name)}/balance`);
      return amountFrom(provider, 'balance', data.balance);
    },

    async transfer(provider, { ref, member: name, direction, amount }) {
      const data = await call(provider, 'transfer', 'POST', '/transfers', {
        ref,
        member: name,
        direction,
        amount: formatAmount(amount, 'THB'),
      });
      if (data.status !== 'SUCCESS') throw new ProviderUnavailable(provider, 'transfer', `unexpected status ${String(data.status)}`);
      return amountFrom(provider, 'transfer', data.balance);
    },

    async transferStatus(provider, ref) {
      const data = await call(provider, 'transferStatus', 'GET', `/transfers/${encodeURIComponent(ref)}`);
      if (data.status === 'SUCCESS' || data.status === 'NOT_FOUND') return { status: data.status };
      if (data.status === 'FAILED') return { status: 'FAILED', code: typeof data.code === 'string' ? data.code : 'FAILED' };
      throw new ProviderUnavailable(provider, 'transferStatus', `unexpected status ${String(data.status)}`);
    },

    async launch(provider, { member: name, gameCode, language }) {
      const data = await call(provider, 'launch', 'POST', '/launch', { member: name, gameCode, language });
      if (typeof data.url !== 'string') throw new ProviderUnavailable(provider, 'launch', 'no url in the answer');
      return data.url;
    },

    async games(provider, tab) {
      const data = await call(provider, 'games', 'GET', `/games${tab === undefined ? '' : `?tab=${encodeURIComponent(tab)}`}`);
      if (!Array.isArray(data.games) || !Array.isArray(data.tabs))
        throw new ProviderUnavailable(provider, 'games', 'no game list in the answer');
      return {
        tab: typeof data.tab === 'string' ? data.tab : null,
        tabs: data.tabs.filter((t): t is string => typeof t === 'string'),
        lobby: data.lobby === true,
        games: data.games.filter(isRecord).map((game) => ({
          code: String(game.code),
          name: String(game.name),
          category: typeof game.category === 'string' ? game.category : '',
          // Carried as the provider gives it: a full URL, or a path on the provider's site that the browser resolves.
          image: typeof game.image === 'string' && game.image !== '' ? game.image : null,
        })),
      };
    },

    async turnover(provider, name, since) {
      const query = since ? `?since=${encodeURIComponent(since.toISOString())}` : '';
      const data = await call(provider, 'turnover', 'GET', `/members/${member(name)}/turnover${query}`);
      return { turnover: amountFrom(provider, 'turnover', data.turnover), bets: Number(data.bets) };
    },

    ...transferLogReader(call),
  };
}

type Call = (provider: Provider, operation: string, method: 'GET' | 'POST', path: string) => Promise<Record<string, unknown>>;

/** The transfer log's calls: every page of a window, or the record of one ref. */
function transferLogReader(call: Call): Pick<ProviderClient, 'transferLog' | 'transferRecord'> {
  return {
    async transferLog(provider, { since, until }) {
      const records: ProviderTransferRecord[] = [];
      let after: string | null = null;
      do {
        const query = new URLSearchParams({ since: since.toISOString(), until: until.toISOString(), ...(after ? { after } : {}) });
        const data = await call(provider, 'transferLog', 'GET', `/transfers?${query.toString()}`);
        if (!Array.isArray(data.transfers)) throw new ProviderUnavailable(provider, 'transferLog', 'no transfers in the answer');
        records.push(...data.transfers.map((record) => recordFrom(provider, record)));
        after = typeof data.next === 'string' ? data.next : null;
      } while (after !== null);
      return records;
    },

    async transferRecord(provider, ref) {
      const data = await call(provider, 'transferLog', 'GET', `/transfers?ref=${encodeURIComponent(ref)}`);
      if (!Array.isArray(data.transfers)) throw new ProviderUnavailable(provider, 'transferLog', 'no transfers in the answer');
      const record = data.transfers.map((entry) => recordFrom(provider, entry)).find((entry) => entry.ref === ref);
      return record ?? null;
    },
  };
}

/**
 * Where each provider lives: PROVIDER_URL_<NAME> when configured, else the built-in sandbox at
 * /sandbox/providers/{provider} on this server (its origin is known once it listens).
 */
export function providerBaseUrls(
  configured: Partial<Record<Provider, string>>,
  sandboxOrigin: () => string,
): (provider: Provider) => string {
  return (provider) => configured[provider]?.replace(/\/+$/, '') ?? `${sandboxOrigin()}/sandbox/providers/${provider}`;
}
