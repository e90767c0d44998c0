import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { OPERATOR_ROLES } from '../../contract/admin';
import { DEPOSIT_REFUND_STATUSES, UNMATCHED_PAYMENT_RESOLUTIONS, UNMATCHED_PAYMENT_STATUSES } from '../../contract/adminDeposits';
import { BOOKS_DIFFERENCE_KINDS, BOOKS_SOURCES } from '../../contract/adminReports';
import { DEPOSIT_LIMIT_PERIODS } from '../../contract/depositLimits';
import { DEPOSIT_STATUSES } from '../../contract/deposits';
import { BREAK_DURATIONS, BREAK_KINDS } from '../../contract/breaks';
import { CURRENCIES, RATE_CURRENCIES } from '../../contract/money';
import { PROMOTION_STATUSES, PROMOTION_USAGE_END_REASONS, PROMOTION_USAGE_STATUSES } from '../../contract/promotions';
import { REALITY_CHECK_MINUTES } from '../../contract/realityCheck';
import { WITHDRAWAL_STATUSES } from '../../contract/withdrawals';
import { createTestDatabase, type TestDatabase } from '../support/db';

/**
 * server/db/schema.ts is written by hand, so nothing but this test keeps it true to the migrations:
 * its DB interface is read with the TypeScript compiler and held to the migrated database's catalog.
 */

const root = path.resolve(__dirname, '../..');
const schemaFile = path.join(root, 'server/db/schema.ts');

/** Kysely's own bookkeeping, which the application never queries. */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The contract's lists that a column's CHECK (or enum) must spell exactly: the wire and the rows agree. */
const CONTRACT_LISTS: Record<string, readonly (string | number)[]> = {
  'deposit_orders.status': DEPOSIT_STATUSES,
  'deposit_unmatched_payments.status': UNMATCHED_PAYMENT_STATUSES,
  'deposit_unmatched_payments.resolution': UNMATCHED_PAYMENT_RESOLUTIONS,
  'deposit_refunds.status': DEPOSIT_REFUND_STATUSES,
  'withdrawals.status': WITHDRAWAL_STATUSES,
  'promotions.status': PROMOTION_STATUSES,
  'promotion_usages.status': PROMOTION_USAGE_STATUSES,
  'promotion_usages.end_reason': PROMOTION_USAGE_END_REASONS,
  'operators.role': OPERATOR_ROLES,
  'player_breaks.kind': BREAK_KINDS,
  'player_breaks.duration': Object.values(BREAK_DURATIONS).flat(),
  'player_deposit_limits.period': DEPOSIT_LIMIT_PERIODS,
  'books_differences.source': BOOKS_SOURCES,
  'books_differences.kind': BOOKS_DIFFERENCE_KINDS,
  'bank_accounts.currency': CURRENCIES,
  'exchange_rates.currency': RATE_CURRENCIES,
  'player_reality_checks.minutes': REALITY_CHECK_MINUTES,
  'agency_responsible_play_settings.reality_check_default_minutes': REALITY_CHECK_MINUTES,
};

interface DeclaredColumn {
  /** The select type, as the compiler prints it (for messages). */
  type: string;
  nullable: boolean;
  /** The string literals of a union of them (null aside), else null: a plain string, number, ... */
  literals: string[] | null;
  /** What the select type is made of, null aside: string, number, boolean, Date, Buffer or other (arrays, JSON shapes). */
  kinds: string[];
}
type Tables = Map<string, Map<string, DeclaredColumn>>;

interface DeclaredSchema {
  tables: Tables;
  /** Compiler errors in server/db, and columns whose type did not resolve. */
  problems: string[];
}

function readCompilerOptions(): ts.CompilerOptions {
  const configFile = path.join(root, 'tsconfig.node.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('tsconfig.node.json could not be read');
  // The schema alone, read from its sources: not a build of the layer (which lists every file).
  return { ...parsed.options, composite: false, noEmit: true, emitDeclarationOnly: false };
}

/** ColumnType<S, I, U> (and Generated<S>, which is one) is read by its select type S. */
function selectType(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  const selected = type.getProperty('__select__');
  return selected ? checker.getTypeOfSymbol(selected) : type;
}

function kindOf(type: ts.Type): string {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  const name = type.getSymbol()?.getName();
  return name === 'Date' || name === 'Buffer' ? name : 'other';
}

function describeColumn(checker: ts.TypeChecker, type: ts.Type): DeclaredColumn {
  const members = type.isUnion() ? type.types : [type];
  const nullable = members.some((member) => member.flags & ts.TypeFlags.Null);
  const rest = members.filter((member) => !(member.flags & ts.TypeFlags.Null));
  const literals = rest.length > 0 && rest.every((member) => member.isStringLiteral()) ? rest.map((member) => member.value) : null;
  const kinds = new Set(rest.map((member) => kindOf(member)));
  return { type: checker.typeToString(type), nullable, literals: literals && [...literals].sort(), kinds: [...kinds].sort() };
}

/** The tables and columns of schema.ts's DB interface (with every interface it extends). */
function readDeclaredSchema(): DeclaredSchema {
  const program = ts.createProgram({ rootNames: [schemaFile], options: readCompilerOptions() });
  const problems = program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(`${path.join(root, 'server/db').split(path.sep).join('/')}/`))
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
    .map(
      (diagnostic) => `${path.basename(diagnostic.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    );
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  const dbDeclaration = source?.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'DB',
  );
  if (!dbDeclaration) throw new Error('server/db/schema.ts declares no interface DB');
  const tables: Tables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(dbDeclaration.name))) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const type = selectType(checker, checker.getTypeOfSymbol(column));
      if (type.flags & ts.TypeFlags.Any) problems.push(`${table.name}.${column.name}: its type does not resolve`);
      columns.set(column.name, describeColumn(checker, type));
    }
    tables.set(table.name, columns);
  }
  return { tables, problems };
}

interface DatabaseColumn {
  nullable: boolean;
  dataType: string;
}
interface DatabaseSchema {
  tables: Map<string, Map<string, DatabaseColumn>>;
  /** table.column -> the values its CHECK (column IN (...)) or its enum type allows, sorted. */
  valueLists: Map<string, string[]>;
}

/** `CHECK ((status = ANY (ARRAY['OPEN'::text, 'PAID'::text])))`, as pg_get_constraintdef prints `status IN ('OPEN', 'PAID')`. */
const IN_LIST = /^CHECK \(\(\(?"?\w+"?\)? = ANY \(\(?ARRAY\[(.*)\]\)?(?:::\w+\[\])?\)\)\)$/;

function listedValues(definition: string): string[] | null {
  const list = IN_LIST.exec(definition)?.[1];
  if (list === undefined) return null;
  return list.split(', ').map((item) =>
    item
      .replace(/::[\w ]+$/, '')
      .replace(/^'(.*)'$/, '$1')
      .replace(/''/g, "'"),
  );
}

async function readDatabaseSchema(test: TestDatabase): Promise<DatabaseSchema> {
  const { rows: columnRows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string }>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.data_type
    FROM information_schema.columns c
    WHERE c.table_schema = 'public'
  `.execute(test.db);
  const tables = new Map<string, Map<string, DatabaseColumn>>();
  for (const row of columnRows) {
    if (KYSELY_TABLES.has(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? new Map<string, DatabaseColumn>();
    columns.set(row.column_name, { nullable: row.is_nullable === 'YES', dataType: row.data_type });
    tables.set(row.table_name, columns);
  }
  const { rows: checkRows } = await sql<{ table_name: string; column_name: string; definition: string }>`
    SELECT rel.relname AS table_name, att.attname AS column_name, pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace ns ON ns.oid = rel.relnamespace
    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
    WHERE con.contype = 'c' AND ns.nspname = 'public' AND cardinality(con.conkey) = 1
  `.execute(test.db);
  const valueLists = new Map<string, string[]>();
  for (const row of checkRows) {
    const values = listedValues(row.definition);
    if (values) valueLists.set(`${row.table_name}.${row.column_name}`, values.sort());
  }
  const { rows: enumRows } = await sql<{ table_name: string; column_name: string; labels: string[] }>`
    SELECT c.table_name, c.column_name, array_agg(e.enumlabel::text ORDER BY e.enumlabel) AS labels
    FROM information_schema.columns c
    JOIN pg_type t ON t.typname = c.udt_name
    JOIN pg_enum e ON e.enumtypid = t.oid
    WHERE c.table_schema = 'public'
    GROUP BY c.table_name, c.column_name
  `.execute(test.db);
  for (const row of enumRows) valueLists.set(`${row.table_name}.${row.column_name}`, row.labels);
  return { tables, valueLists };
}

/** What node-postgres reads each column type as (db/database.ts keeps int8 a string); json and arrays are left out. */
const READ_AS: Record<string, string> = {
  boolean: 'boolean',
  smallint: 'number',
  integer: 'number',
  real: 'number',
  'double precision': 'number',
  bigint: 'string',
  numeric: 'string',
  text: 'string',
  'character varying': 'string',
  uuid: 'string',
  inet: 'string',
  bytea: 'Buffer',
  date: 'Date',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
};

const sorted = (values: readonly (string | number)[]) => values.map(String).sort();
const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(' | ');

let test: TestDatabase;
let declared: DeclaredSchema;
let actual: DatabaseSchema;

beforeAll(async () => {
  test = await createTestDatabase();
  declared = readDeclaredSchema();
  actual = await readDatabaseSchema(test);
}, 120_000);

afterAll(() => test.drop());

describe('server/db/schema.ts against the migrated database', () => {
  it('reads the DB interface: it compiles and every column resolves', () => {
    expect(declared.problems).toEqual([]);
    expect(declared.tables.size).toBeGreaterThan(0);
  });

  it('declares every table of the database, and no table the database lacks', () => {
    const problems = [
      ...[...actual.tables.keys()]
        .filter((table) => !declared.tables.has(table))
        .map((table) => `${table}: in the database, not declared in DB`),
      ...[...declared.tables.keys()]
        .filter((table) => !actual.tables.has(table))
        .map((table) => `${table}: declared in DB, not in the database`),
    ];
    expect(problems.sort()).toEqual([]);
  });

  it('declares every column of each table, and no column the table lacks', () => {
    const problems: string[] = [];
    for (const [table, columns] of declared.tables) {
      const inDatabase = actual.tables.get(table);
      if (!inDatabase) continue;
      for (const [column, { dataType, nullable }] of inDatabase) {
        if (!columns.has(column))
          problems.push(`${table}.${column}: in the database (${dataType}${nullable ? ' null' : ''}), not declared`);
      }
      for (const [column, { type }] of columns) {
        if (!inDatabase.has(column)) problems.push(`${table}.${column}: declared (${type}), not in the database`);
      }
    }
    expect(problems.sort()).toEqual([]);
  });

  it('says a column may be null exactly where the database allows NULL', () => {
    const problems: string[] = [];
    for (const [table, columns] of declared.tables) {
      for (const [column, { type, nullable }] of columns) {
        const inDatabase = actual.tables.get(table)?.get(column);
        if (!inDatabase || inDatabase.nullable === nullable) continue;
        problems.push(
          inDatabase.nullable
            ? `${table}.${column}: the database allows NULL, the type (${type}) does not`
            : `${table}.${column}: NOT NULL in the database, the type (${type}) allows null`,
        );
      }
    }
    expect(problems.sort()).toEqual([]);
  });

  it('types each column as node-postgres reads it', () => {
    const problems: string[] = [];
    for (const [table, columns] of declared.tables) {
      for (const [column, { type, kinds }] of columns) {
        const dataType = actual.tables.get(table)?.get(column)?.dataType;
        const readAs = dataType && READ_AS[dataType];
        if (readAs && kinds.join() !== readAs) problems.push(`${table}.${column}: ${dataType} is read as ${readAs}, the type says ${type}`);
      }
    }
    expect(problems.sort()).toEqual([]);
  });

  it('spells the values a CHECK or enum allows, where the type lists them', () => {
    const problems: string[] = [];
    for (const [table, columns] of declared.tables) {
      for (const [column, { literals }] of columns) {
        const allowed = actual.valueLists.get(`${table}.${column}`);
        if (!allowed || !literals || literals.join() === allowed.join()) continue;
        problems.push(`${table}.${column}: the database allows ${listed(allowed)}, the type says ${listed(literals)}`);
      }
    }
    expect(problems.sort()).toEqual([]);
  });

  it('holds each constrained column to its list in contract', () => {
    const problems: string[] = [];
    for (const [key, contract] of Object.entries(CONTRACT_LISTS)) {
      const allowed = actual.valueLists.get(key);
      if (!allowed) problems.push(`${key}: no CHECK (… IN …) or enum in the database to compare with the contract`);
      else if (sorted(contract).join() !== allowed.join()) {
        problems.push(`${key}: the database allows ${listed(allowed)}, the contract lists ${listed(sorted(contract))}`);
      }
      const [table, column] = key.split('.');
      const literals = declared.tables.get(table)?.get(column)?.literals;
      if (literals && literals.join() !== sorted(contract).join()) {
        problems.push(`${key}: the type says ${listed(literals)}, the contract lists ${listed(sorted(contract))}`);
      }
    }
    expect(problems.sort()).toEqual([]);
  });
});
