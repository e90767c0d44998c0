import { sql, type Kysely } from 'kysely';

/**
 * A player's time-out or self-exclusion is a break everywhere in the product; the table, its
 * constraints and its indexes take that name too.
 */
async function rename(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  await sql`ALTER TABLE ${sql.id(from)} RENAME TO ${sql.id(to)}`.execute(db);
  await sql`DO $$
    DECLARE
      named record;
    BEGIN
      FOR named IN SELECT conname FROM pg_constraint WHERE conrelid = ${sql.lit(to)}::regclass AND conname LIKE ${sql.lit(from + '%')} LOOP
        EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', ${sql.lit(to)}, named.conname, replace(named.conname, ${sql.lit(from)}, ${sql.lit(to)}));
      END LOOP;
      FOR named IN SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indrelid = ${sql.lit(to)}::regclass AND indexrelid::regclass::text LIKE ${sql.lit(from + '%')} LOOP
        EXECUTE format('ALTER INDEX %I RENAME TO %I', named.name, replace(named.name, ${sql.lit(from)}, ${sql.lit(to)}));
      END LOOP;
    END $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'player_exclusions', 'player_breaks');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'player_breaks', 'player_exclusions');
}
