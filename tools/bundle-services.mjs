// Bundles each app's built entry (apps/<app>/dist/main.js) with its dependencies into
// apps/<app>/dist/main.bundle.js, the file a process of one service runs (per-service layout,
// containers). Node keeps every loaded module's source, wrapper and scope alive for the life of the
// process: a backend loads ~1,500 modules (Nest, TypeORM, RxJS, zod, the catalogue), about half of its
// heap. One bundle holds the same code in a handful of scripts. The one-process layout keeps loading
// dist/service.js, where the services share one copy of each module.
//
//   node tools/bundle-services.mjs [app ...]     (every app with a dist/main.js when none are named)
//
// Up to date when no input module changed since the last bundle (npm run build runs this each time).
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { rolldown } from 'rolldown';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Loaded by path at run time, not bundled: native code (sharp), packages that find their files
// beside them (tesseract.js's worker script and data, the ffmpeg binary) and the optional integrations of Nest
// and pg that are not installed (their loaders catch the failed import and go on without them).
const EXTERNAL = [
  'sharp',
  'tesseract.js',
  '@tesseract.js-data/eng',
  '@ffmpeg-installer/ffmpeg',
  'pg-native',
  'class-validator',
  'class-transformer',
  /^@nestjs\/websockets(\/.*)?$/,
  '@nestjs/platform-express',
  'amqp-connection-manager',
  'amqplib',
  'ioredis',
  'mqtt',
  'kafkajs',
];

// The bundle's entry: the kit's deferred date format first, then the app. Chunks a script imports run
// before its own code, and Nest, in a chunk of its own, builds an Intl.DateTimeFormat as it loads.
const ENTRY = '\0service-entry';
const FIRST = join(root, 'libs', 'service-kit', 'dist', 'bootstrap', 'deferred-date-format.js');

// Node builds an ES module's view of a built-in by reading every export, and node:http's WebSocket,
// CloseEvent and MessageEvent are getters that load its bundled fetch client (undici, 750 KB of
// source): a bare process that imports node:http is 13 MiB larger than one that requires it. The
// bundle imports node:http and node:https through require, with every export but those getters; an
// import of one of them fails the bundle.
const VIA_REQUIRE = new Set(['http', 'https']);
const VIA_REQUIRE_PREFIX = '\0via-require:node:';
const LOADS_UNDICI = new Set(['WebSocket', 'CloseEvent', 'MessageEvent']);
const requireHere = createRequire(import.meta.url);
function viaRequireModule(builtin) {
  const exports = requireHere(builtin);
  const names = Object.keys(exports).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !LOADS_UNDICI.has(name));
  return `import { createRequire } from 'node:module';
const m = createRequire(import.meta.url)(${JSON.stringify(builtin)});
export default m;
export const { ${names.join(', ')} } = m;
`;
}

// Code units, not code points: a character beyond the BMP becomes its two escaped surrogates.
const NON_ASCII = /[^\x00-\x7F]/;
const NON_ASCII_ALL = /[^\x00-\x7F]/g;
const LEGAL_COMMENT = /\/\*![\s\S]*?\*\//g;
const escapeNonAscii = (text) => text.replace(NON_ASCII_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const appsDir = join(root, 'apps');
const named = process.argv.slice(2);
const apps = named.length > 0 ? named : readdirSync(appsDir).filter((app) => existsSync(join(appsDir, app, 'dist', 'main.js')));

function upToDate(distDir) {
  const manifest = join(distDir, 'main.bundle.inputs.json');
  if (!existsSync(manifest) || !existsSync(join(distDir, 'main.bundle.js'))) return false;
  const built = statSync(manifest).mtimeMs;
  const inputs = JSON.parse(readFileSync(manifest, 'utf8'));
  return inputs.every((file) => {
    try {
      return statSync(join(root, file)).mtimeMs <= built;
    } catch {
      return false;
    }
  });
}

function previousOutputs(distDir) {
  try {
    return JSON.parse(readFileSync(join(distDir, 'main.bundle.outputs.json'), 'utf8'));
  } catch {
    return [];
  }
}

for (const app of apps) {
  const distDir = join(appsDir, app, 'dist');
  if (!existsSync(join(distDir, 'main.js'))) throw new Error(`apps/${app}/dist/main.js is missing: build first (npm run build)`);
  if (upToDate(distDir)) continue;
  const began = Date.now();
  const problems = [];
  const bundle = await rolldown({
    input: { 'main.bundle': ENTRY },
    platform: 'node',
    plugins: [
      {
        name: 'service-entry',
        resolveId: (id) => (id === ENTRY ? id : undefined),
        load: (id) => (id === ENTRY ? `import ${JSON.stringify(FIRST)};\nawait import(${JSON.stringify(join(distDir, 'main.js'))});\n` : undefined),
      },
      {
        name: 'builtins-via-require',
        resolveId: (id) => {
          const name = id.replace(/^node:/, '');
          return VIA_REQUIRE.has(name) ? `${VIA_REQUIRE_PREFIX}${name}` : undefined;
        },
        load: (id) => (id.startsWith(VIA_REQUIRE_PREFIX) ? viaRequireModule(`node:${id.slice(VIA_REQUIRE_PREFIX.length)}`) : undefined),
      },
      {
        // charset 'ascii' cannot escape template quasis (a tag may read them raw); ours are read cooked
        // (the pages' html tag), so our own modules' non-ASCII characters become \u escapes.
        name: 'ascii-own-code',
        transform: (code, id) =>
          (id.startsWith(join(root, 'apps')) || id.startsWith(join(root, 'libs'))) && NON_ASCII.test(code)
            ? { code: escapeNonAscii(code), map: null }
            : undefined,
        // Licence comments kept in the bundle may name their authors in any script.
        renderChunk: (code) => (NON_ASCII.test(code) ? { code: code.replace(LEGAL_COMMENT, (comment) => escapeNonAscii(comment)), map: null } : undefined),
      },
    ],
    external: EXTERNAL,
    onLog(level, log) {
      if (log.code === 'EVAL') return; // depd's feature test, never reached on Node
      if (level === 'warn' && log.code === 'UNRESOLVED_IMPORT') problems.push(log.message);
      else if (level !== 'debug') console.warn(`${app}: ${log.message}`);
    },
  });
  try {
    if (problems.length > 0) throw new Error(`${app}: imports that resolve to nothing (add them to EXTERNAL if optional):\n${problems.join('\n')}`);
    // The last bundle's scripts: their names carry content hashes, so a new bundle does not overwrite them.
    for (const file of previousOutputs(distDir)) rmSync(join(distDir, file), { force: true });
    const { output } = await bundle.write({
      dir: distDir,
      format: 'esm',
      // One non-ASCII character makes V8 hold a whole script's source at two bytes a character.
      charset: 'ascii',
      entryFileNames: '[name].js',
      // Beside dist/main.js, not in a folder of their own: the gateway finds its compiled browser scripts
      // relative to the module that reads them (dist-files.ts, at the root of dist).
      chunkFileNames: 'main.bundle-[name]-[hash].js',
      // Whitespace and syntax only: names stay as written, so stack traces, Nest's tokens and
      // TypeORM's migration names read as they do unbundled.
      minify: { mangle: false },
      keepNames: true,
      sourcemap: true,
    });
    const inputs = new Set([relative(root, fileURLToPath(import.meta.url))]);
    for (const chunk of output) if (chunk.type === 'chunk') for (const id of chunk.moduleIds) if (!id.startsWith('\0')) inputs.add(relative(root, id));
    writeFileSync(join(distDir, 'main.bundle.inputs.json'), `${JSON.stringify([...inputs].sort())}\n`);
    writeFileSync(join(distDir, 'main.bundle.outputs.json'), `${JSON.stringify(output.map((o) => o.fileName).sort())}\n`);
    const size = output.filter((o) => o.type === 'chunk').reduce((sum, o) => sum + o.code.length, 0);
    console.log(
      `bundled ${app}: ${inputs.size} modules, ${(size / 1024 / 1024).toFixed(1)} MiB in ${output.filter((o) => o.type === 'chunk').length} scripts, ${Date.now() - began} ms`,
    );
  } finally {
    await bundle.close();
  }
}
