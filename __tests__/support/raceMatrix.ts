import { sql } from 'kysely';
import type { Database } from '../../server/db/database';
import type { Lifecycle } from '../../server/domain/lifecycle';

/**
 * What every money object's race matrix shares. The pairs come from the object's transition table:
 * for every status, every two events that may start from it (an event with itself too: two actors
 * doing the same thing). A round brings a fresh object to the status and runs one actor of each
 * event at once, through their real entry points, on an app whose pool lets both transactions be
 * open inside PostgreSQL together. A status-change trigger records what really happened; the round
 * is judged against the table (judgeRound), and each matrix adds the books its object must agree with.
 */

export interface Outcome {
  /** The answer, as `status code` (an HTTP answer) or 'done' (a background actor's). */
  answer: string;
  /** The answer says the actor's event took effect. */
  claims?: boolean;
}

export interface Actor<Race> {
  name: string;
  /** The answers it may give (in the round's race); any other (a 5xx among them) fails the round. */
  answers: string[] | ((race: Race) => string[]);
  /** Its claim is to an effect of its own: two claims need the event to have happened twice. */
  exclusive?: boolean;
  run(race: Race, slot: 0 | 1): Promise<Outcome>;
}

export interface Driver<Race, Event extends string, Need extends string = never> {
  /** What the start state must hold for this event's actors. */
  needs?: Need[];
  actors: Array<Actor<Race>>;
  /** Events its actors go on to cause after their own (a payment's credit at the provider). */
  then?: Event[];
}

/** Fails the round unless `condition`, with the round's context as what was received. */
export function holds(condition: boolean, context: object) {
  expect(condition ? 'holds' : `does not hold: ${JSON.stringify(context, null, 2)}`).toBe('holds');
}

/** The statuses events start from, and every pair of events (with itself too) that can start from each. */
export function racePairs<Status extends string, Event extends string>(lifecycle: Lifecycle<Status, Event>) {
  const statuses = [...new Set(lifecycle.events.flatMap((event) => lifecycle.transitions[event].from))];
  const pairs = statuses.flatMap((status) => {
    const starting = lifecycle.events.filter((event) => lifecycle.next(status, event) !== undefined);
    return starting.flatMap((a, i) => starting.slice(i).map((b) => ({ status, a, b })));
  });
  return { statuses, pairs };
}

/** Neither event can follow the other (or it is the same transition): exactly one of them may take effect. */
export function conflicting<Status extends string, Event extends string>(lifecycle: Lifecycle<Status, Event>, a: Event, b: Event) {
  const to = (event: Event) => lifecycle.transitions[event].to;
  return a === b || (lifecycle.next(to(a), b) === undefined && lifecycle.next(to(b), a) === undefined);
}

/** Every change of a status in `table`, written by a trigger in the statement that makes it (in this test's database only). */
export async function installStatusLog(db: Database, table: string) {
  await sql`CREATE TABLE IF NOT EXISTS race_status_log (
    id bigserial PRIMARY KEY, object_id uuid NOT NULL, from_status text NOT NULL, to_status text NOT NULL)`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION race_status_logged() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO race_status_log (object_id, from_status, to_status) VALUES (NEW.id, OLD.status, NEW.status);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER race_status_logged AFTER UPDATE OF status ON ${sql.table(table)} FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION race_status_logged()`.execute(db);
}

export interface LoggedMove<Status extends string> {
  from_status: Status;
  to_status: Status;
}

export const statusLog = async <Status extends string>(db: Database, id: string) =>
  (await sql<LoggedMove<Status>>`SELECT from_status, to_status FROM race_status_log WHERE object_id = ${id} ORDER BY id`.execute(db)).rows;

export const forgetStatusLog = (db: Database, id: string) => sql`DELETE FROM race_status_log WHERE object_id = ${id}`.execute(db);

/** The round's pairing of the two events' actors: every pairing in turn over the rounds, both ways round. */
export function pairingOf<Race, Event extends string, Need extends string>(
  drivers: Partial<Record<Event, Driver<Race, Event, Need>>>,
  a: Event,
  b: Event,
  round: number,
) {
  const pairings = drivers[a]!.actors.flatMap((x) => drivers[b]!.actors.map((y) => [x, y] as const));
  return { actors: pairings[round % pairings.length], pairings: pairings.length };
}

/** Runs the two actors at once; which starts first is drawn, so each side gets the head start. Outcomes in the actors' order. */
export async function atOnce<Race>(race: Race, [actorA, actorB]: readonly [Actor<Race>, Actor<Race>]) {
  const bFirst = Math.random() < 0.5;
  const outcomes = await (bFirst
    ? Promise.all([actorB.run(race, 1), actorA.run(race, 0)]).then(([second, first]) => [first, second])
    : Promise.all([actorA.run(race, 0), actorB.run(race, 1)]));
  return { outcomes, bFirst };
}

/**
 * The events each of the log's transitions may be (two events can make one move, as a cancel and a
 * refund both cancel), checking each is a move of the table from where the object then was.
 */
export function movesOf<Status extends string, Event extends string>(
  lifecycle: Lifecycle<Status, Event>,
  log: Array<LoggedMove<Status>>,
  start: Status,
  where: string,
) {
  let status = start;
  return log.map(({ from_status, to_status }) => {
    const events = lifecycle.events.filter((candidate) => lifecycle.next(from_status, candidate) === to_status);
    holds(from_status === status && events.length > 0, { where, log, step: `${from_status} -> ${to_status}` });
    status = to_status;
    return events;
  });
}

/**
 * Judges a round by the table: the object moved only along it; of two conflicting events exactly
 * one took effect (both may when one can follow the other); no event was lost that the object, as
 * it ended, could still take; every actor answered as it may, and no answer claims an effect that
 * did not happen. Answers the race's events that took effect.
 */
export function judgeRound<Race, Status extends string, Event extends string, Need extends string>(
  lifecycle: Lifecycle<Status, Event>,
  drivers: Partial<Record<Event, Driver<Race, Event, Need>>>,
  round: {
    race: Race;
    where: string;
    start: Status;
    a: Event;
    b: Event;
    log: Array<LoggedMove<Status>>;
    final: Status;
    actors: readonly [Actor<Race>, Actor<Race>];
    outcomes: Outcome[];
  },
) {
  const { where, start, a, b, final } = round;
  const moves = movesOf(lifecycle, round.log, start, where);
  const summary = { where, moves, answers: round.outcomes.map((outcome) => outcome.answer), final };
  // Each move is the race's own event while one it may be is pending, else one its actors went on to cause.
  const pending: Event[] = [a, b];
  const took: Event[] = [];
  for (const events of moves) {
    const index = pending.findIndex((event) => events.includes(event));
    if (index >= 0) {
      took.push(pending[index]);
      pending.splice(index, 1);
    } else
      holds(
        took.some((done) => events.some((event) => drivers[done]?.then?.includes(event))),
        { ...summary, unexpected: events },
      );
  }
  const exclusiveOne = conflicting(lifecycle, a, b);
  holds(exclusiveOne ? took.length === 1 : took.length >= 1, { ...summary, tookEffect: took, conflicting: exclusiveOne });
  for (const event of new Set([a, b]))
    if (!took.includes(event)) holds(lifecycle.next(final, event) === undefined, { ...summary, lost: event });

  const acted = [
    { actor: round.actors[0], event: a, outcome: round.outcomes[0] },
    { actor: round.actors[1], event: b, outcome: round.outcomes[1] },
  ];
  for (const { actor, event, outcome } of acted) {
    const allowed = typeof actor.answers === 'function' ? actor.answers(round.race) : actor.answers;
    holds(allowed.includes(outcome.answer), { ...summary, actor: actor.name, answer: outcome.answer, allowed });
    if (outcome.claims) holds(took.includes(event), { ...summary, actor: actor.name, claimed: event });
  }
  for (const event of new Set([a, b])) {
    const claims = acted.filter(({ actor, event: of, outcome }) => of === event && actor.exclusive && outcome.claims).length;
    const effects = took.filter((done) => done === event).length;
    holds(claims <= effects, { ...summary, event, claims, effects });
  }
  return took;
}

/** The label of an HTTP answer: its status, and its code when refused. */
export const labelOf = (res: { statusCode: number; json(): { code?: string } }) =>
  res.statusCode < 300 ? `${res.statusCode}` : `${res.statusCode} ${res.json().code}`;
