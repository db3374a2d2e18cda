import { kitSql } from '../database/kit-sql.js';
import { type Db, first, sql } from '../database/typed-query.js';

/** Whether the service's database answers a trivial statement (the readiness check); never throws. */
export function databaseAnswers(on: Db): Promise<boolean> {
  return first(on, kitSql.selectNoFrom(sql<number>`1`.as('one'))).then(
    () => true,
    () => false,
  );
}
