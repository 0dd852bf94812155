/**
 * Rewrites imports that reach into another API module's files so they go through the module's
 * public surface (`<module>/index.ts`), adding what they use to that surface. Run once after moving
 * code between modules: `npx tsx scripts/module-surfaces.ts [--dry]`. The lint rule
 * `portal/api-modules` keeps it that way afterwards.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MODULES = path.resolve('apps/api/src/modules');
const API_SRC = path.resolve('apps/api/src');
const dry = process.argv.includes('--dry');

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

const moduleOf = (file: string): { module: string; inner: string } | null => {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..')) return null;
  const [module, ...rest] = rel.split(path.sep);
  return module ? { module, inner: rest.join('/') } : null;
};

const isTestHelper = (inner: string) => /\.test-helpers$|\.fixtures$/.test(inner);

/** name -> { from: './inner', type-only } per target module. */
const surfaces = new Map<string, Map<string, { from: string; typeOnly: boolean }>>();
let rewritten = 0;
const problems: string[] = [];

function addExport(module: string, name: string, inner: string, typeOnly: boolean) {
  const surface = surfaces.get(module) ?? new Map();
  surfaces.set(module, surface);
  const from = `./${inner}`;
  const known = surface.get(name);
  if (known && known.from !== from) problems.push(`${module}: '${name}' from both ${known.from} and ${from}`);
  else surface.set(name, { from, typeOnly: (known?.typeOnly ?? true) && typeOnly });
}

for (const file of walk(API_SRC)) {
  // Modules and the simulated parties go through surfaces; the composition root, seed and tests may not.
  const inSimulation = !path.relative(path.join(API_SRC, 'simulation'), file).startsWith('..');
  const here = moduleOf(file) ?? (inSimulation ? { module: '(simulation)', inner: '' } : null);
  if (!here) continue;
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec.text.replace(/\.js$/, ''));
    const there = fs.existsSync(path.join(target, 'index.ts'))
      ? moduleOf(path.join(target, 'index.ts'))
      : moduleOf(`${target}.ts`);
    if (!there || there.module === here.module) continue;
    const inner = there.inner.replace(/\.ts$/, '');
    if (inner === 'index' || isTestHelper(inner)) continue;
    const clauseTypeOnly = ts.isImportDeclaration(statement)
      ? Boolean(statement.importClause?.isTypeOnly)
      : statement.isTypeOnly;
    const named = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : statement.exportClause;
    if (ts.isImportDeclaration(statement) && statement.importClause?.name) {
      problems.push(`${path.relative(API_SRC, file)}: default import from ${spec.text}`);
      continue;
    }
    if (!named || !(ts.isNamedImports(named) || ts.isNamedExports(named))) {
      problems.push(`${path.relative(API_SRC, file)}: namespace or bare import of ${spec.text}`);
      continue;
    }
    for (const element of named.elements) {
      const name = (element.propertyName ?? element.name).text;
      addExport(there.module, name, inner, clauseTypeOnly || element.isTypeOnly);
    }
    const surfacePath = path.relative(path.dirname(file), path.join(MODULES, there.module, 'index'));
    const newSpec = surfacePath.startsWith('.') ? surfacePath : `./${surfacePath}`;
    edits.push({
      start: spec.getStart(source),
      end: spec.getEnd(),
      text: `'${newSpec.split(path.sep).join('/')}'`,
    });
  }
  if (edits.length === 0) continue;
  rewritten += edits.length;
  let next = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    next = next.slice(0, edit.start) + edit.text + next.slice(edit.end);
  if (!dry) fs.writeFileSync(file, next);
}

for (const [module, surface] of [...surfaces].sort(([a], [b]) => a.localeCompare(b))) {
  const indexFile = path.join(MODULES, module, 'index.ts');
  const existing = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '';
  const byFile = new Map<string, { values: string[]; types: string[] }>();
  for (const [name, { from, typeOnly }] of surface) {
    if (new RegExp(`\\b${name}\\b`).test(existing)) continue;
    const group = byFile.get(from) ?? { values: [], types: [] };
    byFile.set(from, group);
    (typeOnly ? group.types : group.values).push(name);
  }
  const lines: string[] = [];
  for (const [from, { values, types }] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    if (values.length) lines.push(`export { ${values.sort().join(', ')} } from '${from}';`);
    if (types.length) lines.push(`export type { ${types.sort().join(', ')} } from '${from}';`);
  }
  if (lines.length === 0) continue;
  const header =
    existing ||
    `/** What the ${module} module offers the other modules; nothing else of it may be imported. */\n`;
  if (!dry) fs.writeFileSync(indexFile, `${header}${lines.join('\n')}\n`);
  console.log(`${module}: ${lines.length} export lines`);
}
console.log(`${rewritten} imports ${dry ? 'would be ' : ''}rewritten`);
for (const problem of problems) console.log(`PROBLEM ${problem}`);
