// @unit
// The repository explains itself: code, tests and docs cite the contract, the standards notes and
// the security rules by section name (`docs/contract.md "Limits"`), and the docs link to each
// other. This test fails when a citation names a section that does not exist, when a relative
// Markdown link points at a missing file, or when a citation of a document outside the
// repository comes back.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Files tracked by git (so node_modules and generated output are left out). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|js|md|yaml|yml)$/.test(f) && existsSync(join(root, f)));
}

/** The `## ` headings of a Markdown file. */
function headings(file: string): Set<string> {
  const text = readFileSync(join(root, file), 'utf8');
  return new Set([...text.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.trim()));
}

const CITED = ['docs/contract.md', 'docs/standards.md', 'docs/security.md'] as const;
const files = trackedFiles();

t.test('every cited section exists', async (t) => {
  const known = new Map(CITED.map((f) => [f, headings(f)]));
  let citations = 0;
  const missing: string[] = [];
  for (const file of files) {
    if (file === 'test/docs/citations.test.ts') continue; // its own examples
    const text = readFileSync(join(root, file), 'utf8');
    // `docs/contract.md "A"` and `docs/contract.md "A", "B"` (a comma-separated run of names).
    for (const m of text.matchAll(/(docs\/(?:contract|standards|security)\.md)((?:,? "[^"\n]+")+)/g)) {
      const doc = m[1] as (typeof CITED)[number];
      for (const name of m[2]!.matchAll(/"([^"\n]+)"/g)) {
        citations++;
        if (!known.get(doc)!.has(name[1]!)) missing.push(`${file}: ${doc} "${name[1]}"`);
      }
    }
  }
  t.ok(citations > 100, `the code cites the docs by section (${citations} citations)`);
  t.same(missing, [], 'no citation names a missing section');
});

t.test('no citation of documents outside the repository', async (t) => {
  const outside: string[] = [];
  for (const file of files) {
    if (file === 'test/docs/citations.test.ts') continue;
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (/\b(SPEC\.md|DECISIONS\.md|OB3-NOTES|RELIABILITY-NOTES)\b/.test(line)) outside.push(`${file}:${i + 1}`);
    });
  }
  t.same(outside, [], 'SPEC.md, DECISIONS.md and the notes beside the repository are not cited');
});

t.test('relative links in the Markdown files resolve', async (t) => {
  const broken: string[] = [];
  let links = 0;
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
      links++;
      if (!existsSync(resolve(root, dirname(file), target))) broken.push(`${file}: ${target}`);
    }
  }
  t.ok(links > 10, `${links} relative links checked`);
  t.same(broken, [], 'every relative link points at a file of the repository');
});
