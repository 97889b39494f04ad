import { createHash } from 'node:crypto';
import { AppError } from '@cred/runtime';
import { SaxesParser, type SaxesTagNS } from 'saxes';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageKind = 'png' | 'jpg' | 'webp' | 'svg';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export interface CheckedImage {
  kind: ImageKind;
  contentType: string;
  /** Hex SHA-256 of the bytes: the image's immutable name. */
  contentHash: string;
  data: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the bytes alone (magic numbers); undefined when it is none of ours. */
export function sniffImage(data: Buffer): ImageKind | undefined {
  if (
    data.length >= 33 &&
    data.subarray(0, 8).equals(PNG_SIGNATURE) &&
    data.readUInt32BE(8) === 13 &&
    data.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return 'png';
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (
    data.length >= 20 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(data.toString('latin1', 12, 16)) &&
    data.readUInt32LE(4) + 8 <= data.length
  ) {
    return 'webp';
  }
  // SVG is text: look past a BOM, whitespace, an XML declaration and comments for "<svg".
  const head = data
    .subarray(0, SVG_SNIFF_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return looksLikeSvg(head) ? 'svg' : undefined;
}

const SVG_SNIFF_BYTES = 4096;
const WHITESPACE = /\s*/y;
const SVG_ROOT = /<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/y;

function skipWhitespace(text: string, pos: number): number {
  WHITESPACE.lastIndex = pos;
  WHITESPACE.test(text);
  return WHITESPACE.lastIndex;
}

/**
 * Whether a document's head is an SVG prolog followed by an <svg> (optionally prefixed) start
 * tag: whitespace, an optional XML declaration, comments, at most one DOCTYPE without an
 * internal subset, more comments. A single forward scan: every step moves past what it read
 * (a comment ends at its first "-->", as in XML), so the work is linear in the head's length.
 * (It replaces a regular expression that backtracked exponentially on runs of comments.)
 */
export function looksLikeSvg(head: string): boolean {
  let pos = skipWhitespace(head, 0);
  if (head.startsWith('<?xml', pos)) {
    const gt = head.indexOf('>', pos + 5);
    // "<?xml" ... "?>", with no ">" before the closing "?>".
    if (gt < 0 || gt - 1 < pos + 5 || head[gt - 1] !== '?') return false;
    pos = skipWhitespace(head, gt + 1);
  }
  let sawDoctype = false;
  for (;;) {
    if (head.startsWith('<!--', pos)) {
      const end = head.indexOf('-->', pos + 4);
      if (end < 0) return false;
      pos = skipWhitespace(head, end + 3);
    } else if (!sawDoctype && head.startsWith('<!DOCTYPE', pos)) {
      const gt = head.indexOf('>', pos + 9);
      if (gt < 0) return false;
      sawDoctype = true;
      pos = skipWhitespace(head, gt + 1);
    } else {
      break;
    }
  }
  SVG_ROOT.lastIndex = pos;
  return SVG_ROOT.test(head);
}

/**
 * An uploaded badge image: size, type from the magic bytes (the declared type is not
 * trusted), and for SVG the safety check below. Throws VALIDATION_ERROR (field `image`) or
 * PAYLOAD_TOO_LARGE.
 */
export function checkImage(data: Buffer): CheckedImage {
  if (data.length === 0) throw AppError.validation('image', 'image is empty');
  if (data.length > MAX_IMAGE_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'image must be at most 2 MiB', { field: 'image', limitBytes: MAX_IMAGE_BYTES });
  const kind = sniffImage(data);
  if (!kind) throw AppError.validation('image', 'image must be a PNG, JPEG, WebP or SVG file');
  if (kind === 'svg') {
    const problem = svgProblem(data);
    if (problem) throw AppError.validation('image', `SVG refused: ${problem}`, { reason: problem });
  }
  return { kind, contentType: IMAGE_CONTENT_TYPES[kind], contentHash: createHash('sha256').update(data).digest('hex'), data };
}

// ---------------------------------------------------------------------------------------
// SVG: we refuse unsafe documents instead of rewriting them. A sanitiser has to agree with
// every browser's parser about what it removed; a strict checker only has to be sure of what
// it accepts. The document is read by saxes, a conforming non-validating XML parser with
// namespaces (it refuses what is not well-formed XML, expands only XML's predefined entities
// and character references, and never fetches anything); every element and attribute it
// reports goes through the allow-list below, and anything else is refused. What passes is
// stored byte for byte and is also served with a sandboxing Content-Security-Policy (defence
// in depth).

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** Editor metadata namespaces (Inkscape, Sodipodi, RDF/CC/DC, Illustrator): never rendered. */
const INERT_NS = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/xap/1.0/',
  'http://www.bohemiancoding.com/sketch/ns',
]);
const ALLOWED_NS = new Set([SVG_NS, XLINK_NS, ...INERT_NS]);

/** SVG elements that draw, group or define paint: no scripting, no foreign content, no animation (it can rewrite href). */
const SVG_ELEMENTS = new Set(
  (
    'svg g defs title desc metadata symbol use switch path rect circle ellipse line polyline polygon text tspan textPath ' +
    'linearGradient radialGradient stop clipPath mask pattern marker image style filter feBlend feColorMatrix ' +
    'feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow ' +
    'feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode feMorphology feOffset fePointLight ' +
    'feSpecularLighting feSpotLight feTile feTurbulence'
  ).split(' '),
);

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const MAX_DEPTH = 256;

class SvgRefused extends Error {}

/** CSS in style attributes and <style>: no imports, no external url(), no escapes (they can spell url or expression). */
function cssProblem(css: string): string | undefined {
  const lower = css.toLowerCase();
  if (lower.includes('\\')) return 'CSS escapes';
  if (lower.includes('@import')) return 'CSS @import';
  if (/expression\s*\(|javascript:|-moz-binding|behavior\s*:/.test(lower)) return 'scriptable CSS';
  for (const m of lower.matchAll(/url\s*\(\s*(['"]?)([^)'"]*)/g)) {
    if (!(m[2] ?? '').trim().startsWith('#')) return 'an external reference in CSS url()';
  }
  return undefined;
}

const RASTER_DATA_URI = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;

function attributeProblem(element: string, local: string, ns: string | undefined, value: string): string | undefined {
  if (/^on/i.test(local)) return `the event handler attribute "${local}"`;
  const v = value.trim();
  // Browsers ignore whitespace and control characters inside a URL scheme.
  // eslint-disable-next-line no-control-regex
  if (/javascript:|vbscript:/i.test(v.replace(/[\s\u0000-\u001f]/g, ''))) return `a script URL in "${local}"`;
  if (local === 'href' && (ns === undefined || ns === XLINK_NS)) {
    if (v.startsWith('#')) return undefined;
    if ((element === 'image' || element === 'feImage') && RASTER_DATA_URI.test(v)) return undefined;
    return `an external reference in ${element} ${local}`;
  }
  if (local === 'style') return cssProblem(v);
  if (/url\s*\(/i.test(v)) return cssProblem(v);
  return undefined;
}

/** Why an SVG document is refused, or undefined when it is safe to serve. */
export function svgProblem(data: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return 'not valid UTF-8';
  }
  try {
    checkSvg(text.replace(/^\uFEFF/, ''));
    return undefined;
  } catch (err) {
    if (err instanceof SvgRefused) return err.message;
    throw err;
  }
}

function checkTag(tag: SaxesTagNS, isRoot: boolean): void {
  for (const a of Object.values(tag.attributes)) {
    if (a.uri === XMLNS_NS) {
      const uri = a.value.trim();
      if (!ALLOWED_NS.has(uri)) throw new SvgRefused(`the namespace "${uri.slice(0, 100)}"`);
    }
  }
  if (isRoot && (tag.local !== 'svg' || tag.uri !== SVG_NS)) throw new SvgRefused('the root element is not <svg> in the SVG namespace');
  if (tag.uri === SVG_NS) {
    if (!SVG_ELEMENTS.has(tag.local)) throw new SvgRefused(`the element <${tag.local}>`);
  } else if (!INERT_NS.has(tag.uri)) {
    throw new SvgRefused(`the element <${tag.name}> outside the SVG namespace`);
  }
  for (const a of Object.values(tag.attributes)) {
    if (a.uri === XMLNS_NS) continue;
    const ns = a.uri === '' ? undefined : a.uri;
    if (ns !== undefined && ns !== XLINK_NS && ns !== XML_NS && !INERT_NS.has(ns)) throw new SvgRefused(`the attribute "${a.name}"`);
    const problem = attributeProblem(tag.local, a.local, ns, a.value);
    if (problem) throw new SvgRefused(problem);
  }
}

function checkSvg(doc: string): void {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let depth = 0;
  let sawRoot = false;
  /** The text of the <style> element being read (text and CDATA; comments are not part of it). */
  let style: string[] | undefined;
  parser.on('error', (err) => {
    throw new SvgRefused(`not well-formed XML (${err.message.slice(0, 120)})`);
  });
  parser.on('doctype', () => {
    throw new SvgRefused('a DOCTYPE or entity declaration');
  });
  parser.on('processinginstruction', () => {
    throw new SvgRefused('a processing instruction (e.g. xml-stylesheet)');
  });
  parser.on('opentag', (tag) => {
    if (depth >= MAX_DEPTH) throw new SvgRefused('elements nested too deeply');
    if (style) throw new SvgRefused('an element inside <style>');
    checkTag(tag, !sawRoot);
    sawRoot = true;
    depth++;
    if (tag.uri === SVG_NS && tag.local === 'style') style = [];
  });
  const styleText = (text: string) => style?.push(text);
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('closetag', () => {
    depth--;
    if (style) {
      // Checked as one text: a comment between two pieces does not split a url( or an @import.
      const problem = cssProblem(style.join(''));
      if (problem) throw new SvgRefused(problem);
      style = undefined;
    }
  });
  parser.write(doc).close();
  if (!sawRoot) throw new SvgRefused('no <svg> root element');
}
