import type { SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';

/** Renders a drizzle query's SQL text. */
const dialect = new PgDialect();

/** A query held by {@link withQueryHold}: `reached` once it has run, `release` lets it answer. */
export interface HeldQuery {
  readonly reached: Promise<void>;
  release(): void;
}

/**
 * The database with one hook for race tests: `holdNext(pattern)` holds the next query outside a
 * transaction (`db.execute`) whose SQL text matches `pattern`, after it ran and before its
 * caller sees the rows, until released. A test puts a request at a chosen point that way (it
 * has read something, and goes on only once another request has finished), the same on PGlite,
 * where timing alone rarely gets there, as on PostgreSQL.
 *
 * @example
 * const held = withQueryHold(database);
 * const app = await buildApp({ config, db: held.database });
 * const hold = held.holdNext(/FROM idempotency_keys/);
 */
export function withQueryHold(database: Database) {
  let hold: { pattern: RegExp; arrive: () => void; released: Promise<void> } | undefined;
  const execute = async (query: SQLWrapper | string): Promise<unknown> => {
    const result = await database.db.execute(query);
    const current = hold;
    if (current !== undefined) {
      const text = typeof query === 'string' ? query : dialect.sqlToQuery(query.getSQL()).sql;
      if (current.pattern.test(text)) {
        hold = undefined;
        current.arrive();
        await current.released;
      }
    }
    return result;
  };
  const db = new Proxy(database.db, {
    get: (target, property) => {
      if (property === 'execute') return execute;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    database: { ...database, db } as Database,
    holdNext(pattern: RegExp): HeldQuery {
      let arrive = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { pattern, arrive, released };
      return { reached, release };
    },
  };
}
