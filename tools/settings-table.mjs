// The operators' settings table, generated from the declarations (the kit's and each service's
// apps/<app>/src/<app>.settings.ts), from the built code (npm run build first):
//
//   node tools/settings-table.mjs           writes the table into docs/operators.md
//   node tools/settings-table.mjs --check   exits 1 when docs/operators.md's table differs
//
// npm run docs:settings builds and writes; a unit test (deploy/src/settings/settings-table.spec.ts)
// fails when the document and the declarations differ, so nobody edits the table by hand.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OPERATORS_DOC = join(root, 'docs', 'operators.md');

/** Every declared group, once: the kit's first, then each service's in name order. */
export async function declaredGroups() {
  const kit = await import(pathToFileURL(join(root, 'libs', 'service-kit', 'dist', 'index.js')).href);
  const groups = [...kit.KIT_SETTINGS];
  const apps = readdirSync(join(root, 'apps'))
    .filter((app) => existsSync(join(root, 'apps', app, 'dist', `${app}.settings.js`)))
    .sort();
  for (const app of apps) {
    const { SETTINGS } = await import(pathToFileURL(join(root, 'apps', app, 'dist', `${app}.settings.js`)).href);
    if (!Array.isArray(SETTINGS)) throw new Error(`apps/${app}/src/${app}.settings.ts exports no SETTINGS list`);
    for (const group of SETTINGS) if (!groups.includes(group)) groups.push(group);
  }
  return { kit, apps, groups };
}

/** docs/operators.md as the declarations make it. */
export async function generatedOperatorsDoc(doc = readFileSync(OPERATORS_DOC, 'utf8')) {
  const { kit, groups } = await declaredGroups();
  return kit.withSettingsTable(doc, kit.renderSettingsTable(groups));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = readFileSync(OPERATORS_DOC, 'utf8');
  const generated = await generatedOperatorsDoc(doc);
  if (process.argv.includes('--check')) {
    if (generated !== doc) {
      console.error('docs/operators.md: the settings table differs from the declarations; run npm run docs:settings');
      process.exit(1);
    }
  } else if (generated !== doc) {
    writeFileSync(OPERATORS_DOC, generated);
    console.log('docs/operators.md: settings table written');
  }
}
