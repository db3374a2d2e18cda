import { kitSql } from '../database/kit-sql.js';
import { affected, type Db, first, sql } from '../database/typed-query.js';

/** Today's UTC date by the database's clock, so every replica agrees on when the day turns. */
const today = () => sql<string>`(statement_timestamp() AT TIME ZONE 'UTC')::date`;

/**
 * Takes one call from today's spending, unless today's calls or dollars already reached a cap
 * (null: no cap). Answers the day taken from ('YYYY-MM-DD'), or undefined when refused.
 */
export async function takeModelCall(on: Db, callsPerDay: number | null, usdPerDay: number | null): Promise<string | undefined> {
  const row = await first(
    on,
    kitSql
      .insertInto('model_spend')
      .values({ day: today(), calls: 1, usd: 0, updated_at: sql<Date>`statement_timestamp()` })
      .onConflict((oc) =>
        oc
          .column('day')
          .doUpdateSet({
            calls: (eb) => eb('model_spend.calls', '+', 1),
            updated_at: sql<Date>`statement_timestamp()`,
          })
          .where(
            sql<boolean>`(${callsPerDay}::int IS NULL OR model_spend.calls < ${callsPerDay}::int) AND (${usdPerDay}::float8 IS NULL OR model_spend.usd < ${usdPerDay}::float8)`,
          ),
      )
      .returning(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')),
  );
  return row?.day;
}

/** Adds calls and dollars to a day's spending. */
export function addModelSpend(on: Db, day: string, calls: number, usd: number): Promise<number> {
  return affected(
    on,
    kitSql
      .updateTable('model_spend')
      .set({
        calls: (eb) => eb('calls', '+', calls),
        usd: (eb) => eb('usd', '+', usd),
        updated_at: sql<Date>`statement_timestamp()`,
      })
      .where('day', '=', sql<Date>`${day}::date`),
  );
}
