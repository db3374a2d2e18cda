// How the import-graph check (.dependency-cruiser.cjs) resolves the workspace packages: to their
// sources, not to dist/, so it sees one graph across packages (a loop through two packages is
// found too) and needs no build first. Read as a webpack-style `resolve` section; derived from each
// package.json's exports (or main), so a new export needs nothing here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const alias = {};
for (const group of ['apps', 'libs']) {
  for (const dir of fs.readdirSync(path.join(root, group))) {
    const pkgFile = path.join(root, group, dir, 'package.json');
    if (!fs.existsSync(pkgFile)) continue;
    const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    const entries = pkg.exports ? Object.entries(pkg.exports) : [['.', pkg.main ?? 'dist/index.js']];
    for (const [sub, target] of entries) {
      const built = typeof target === 'string' ? target : target.default;
      const source = built.replace(/^(\.\/)?dist\//, 'src/').replace(/\.js$/, '.ts');
      // `$`: the exact specifier only, as package.json exports map it.
      alias[`${pkg.name}${sub === '.' ? '' : sub.slice(1)}$`] = path.join(root, group, dir, source);
    }
  }
}

export default { resolve: { alias } };
