import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The browser application's source (services/gateway/web), bundled when the gateway starts. */
const ENTRY = fileURLToPath(new URL('../../web/src/main.tsx', import.meta.url));
/**
 * The directory esbuild resolves and names modules from. esbuild's content hash covers module
 * paths relative to it, so leaving it to the process's working directory gave the same bytes a
 * different name under another cwd, and replicas started from different directories named assets
 * the others do not serve.
 */
const WORKING_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface WebAsset {
  /** `/assets/main-<hash>.js`: the content hash is in the name, so it is cached for a year. */
  path: string;
  contentType: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface WebAssets {
  script: WebAsset;
  style: WebAsset;
  byPath: Map<string, WebAsset>;
  /**
   * esbuild's warnings, as `file:line:column: text`. esbuild recovers from a CSS syntax error (an
   * unbalanced brace nests the rest of the stylesheet inside one rule) with a warning, not an
   * error, so a broken stylesheet still "builds": the gateway logs these at start, and
   * test/web-app.test.ts requires there are none.
   */
  warnings: string[];
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * Bundles the application in memory with esbuild (ADR 0006): one script and one stylesheet,
 * minified, each also compressed with gzip and brotli once here rather than per request.
 * Nothing is fetched from anywhere: every module comes from the installed workspace.
 */
export async function buildWebAssets(): Promise<WebAssets> {
  const result = await build({
    entryPoints: [ENTRY],
    absWorkingDir: WORKING_DIR,
    bundle: true,
    write: false,
    format: 'esm',
    target: ['es2022'],
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: '/assets',
    entryNames: '[name]-[hash]',
    legalComments: 'eof',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const byPath = new Map<string, WebAsset>();
  let script: WebAsset | undefined;
  let style: WebAsset | undefined;
  for (const file of result.outputFiles) {
    const ext = file.path.slice(file.path.lastIndexOf('.'));
    const contentType = TYPES[ext];
    if (!contentType) continue;
    const identity = Buffer.from(file.contents);
    const asset: WebAsset = {
      path: `/assets/${file.path.slice(file.path.lastIndexOf('/') + 1)}`,
      contentType,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    };
    byPath.set(asset.path, asset);
    if (ext === '.js') script = asset;
    else style = asset;
  }
  if (!script || !style) throw new Error('web application build produced no script or stylesheet');
  const warnings = result.warnings.map((w) =>
    w.location ? `${w.location.file}:${w.location.line}:${w.location.column}: ${w.text}` : w.text,
  );
  return { script, style, byPath, warnings };
}
