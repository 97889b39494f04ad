/**
 * Baked badges (OB 3.0 "Baking"): the credential embedded in the badge image.
 *
 * PNG: one iTXt chunk, keyword `openbadgecredential`, no compression, empty language tag and
 * translated keyword, text = credential JSON (or a compact JWS). We splice chunks ourselves
 * because image libraries (pngjs) drop unknown ancillary chunks when re-encoding.
 * SVG: `<openbadges:credential>` right after the `<svg>` start tag, JSON in CDATA or the JWS in
 * a `verify` attribute.
 *
 * Inputs come from uploads, so every parser here is bounded and validates structure (signature,
 * chunk lengths, CRCs) and throws BakingError instead of crashing or over-allocating.
 */
import { crc32, inflateSync } from 'node:zlib';
import { BakingError } from './errors.js';

export const PNG_KEYWORD = 'openbadgecredential';
export const OB3_SVG_NAMESPACE = 'https://purl.imsglobal.org/ob/v3p0';
/** Open Badges 2.0 baking: PNG keyword `openbadges` (iTXt, older files tEXt), SVG `<openbadges:assertion>`. */
export const OB2_PNG_KEYWORD = 'openbadges';
export const OB2_SVG_NAMESPACE = 'http://openbadges.org';

export interface BakingLimits {
  /** Largest image accepted (bytes / UTF-16 units for SVG). Default 16 MiB. */
  maxInputBytes?: number;
  /** Largest embedded credential text (bytes). Default 2 MiB. */
  maxPayloadBytes?: number;
}

const DEFAULT_MAX_INPUT = 16 * 1024 * 1024;
const DEFAULT_MAX_PAYLOAD = 2 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_CHUNK_LENGTH = 0x7fffffff; // PNG spec: lengths are limited to 2^31-1

interface PngChunk {
  type: string;
  /** offset of the length field */
  start: number;
  /** offset just after the CRC */
  end: number;
  data: Buffer;
}

function limits(options: BakingLimits | undefined): { maxInput: number; maxPayload: number } {
  return { maxInput: options?.maxInputBytes ?? DEFAULT_MAX_INPUT, maxPayload: options?.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD };
}

function parsePng(input: Uint8Array, maxInput: number): PngChunk[] {
  if (!(input instanceof Uint8Array)) throw new BakingError('NOT_PNG', 'input is not binary data');
  if (input.length > maxInput) throw new BakingError('TOO_LARGE', `PNG larger than ${maxInput} bytes`);
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new BakingError('NOT_PNG', 'missing PNG signature');
  const chunks: PngChunk[] = [];
  let offset = 8;
  for (;;) {
    if (offset + 12 > bytes.length) throw new BakingError('TRUNCATED', 'PNG ends before IEND');
    const length = bytes.readUInt32BE(offset);
    if (length > MAX_CHUNK_LENGTH) throw new BakingError('BAD_CHUNK', 'PNG chunk length exceeds 2^31-1');
    if (offset + 12 + length > bytes.length) throw new BakingError('TRUNCATED', 'PNG chunk runs past the end of the file');
    const typeBytes = bytes.subarray(offset + 4, offset + 8);
    if (!typeBytes.every((b) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)))
      throw new BakingError('BAD_CHUNK', 'invalid PNG chunk type');
    const type = typeBytes.toString('latin1');
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const expectedCrc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0 !== expectedCrc)
      throw new BakingError('BAD_CRC', `CRC mismatch in ${type} chunk`);
    if (chunks.length === 0 && (type !== 'IHDR' || length !== 13)) throw new BakingError('BAD_CHUNK', 'first PNG chunk must be IHDR');
    chunks.push({ type, start: offset, end: offset + 12 + length, data });
    offset += 12 + length;
    if (type === 'IEND') return chunks; // trailing bytes after IEND are ignored, as decoders do
  }
}

function iTxtKeyword(data: Buffer): string | null {
  const nul = data.indexOf(0);
  if (nul < 1 || nul > 79) return null;
  return data.subarray(0, nul).toString('latin1');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeITxtText(data: Buffer, maxPayload: number): string {
  // keyword\0 compFlag compMethod languageTag\0 translatedKeyword\0 text
  let p = data.indexOf(0) + 1;
  if (p + 2 > data.length) throw new BakingError('BAD_ITXT', 'iTXt chunk truncated');
  const compressionFlag = data[p]!;
  const compressionMethod = data[p + 1]!;
  p += 2;
  const langEnd = data.indexOf(0, p);
  if (langEnd < 0) throw new BakingError('BAD_ITXT', 'iTXt language tag not terminated');
  const tkwEnd = data.indexOf(0, langEnd + 1);
  if (tkwEnd < 0) throw new BakingError('BAD_ITXT', 'iTXt translated keyword not terminated');
  let text = data.subarray(tkwEnd + 1);
  if (compressionFlag === 1) {
    // The spec forbids compression, but extraction is lenient; bounded against zip bombs.
    if (compressionMethod !== 0) throw new BakingError('BAD_ITXT', 'unknown iTXt compression method');
    try {
      text = inflateSync(text, { maxOutputLength: maxPayload });
    } catch {
      throw new BakingError('BAD_ITXT', 'iTXt text does not inflate within the size limit');
    }
  } else if (compressionFlag !== 0) {
    throw new BakingError('BAD_ITXT', 'invalid iTXt compression flag');
  }
  if (text.length > maxPayload) throw new BakingError('TOO_LARGE', `embedded credential larger than ${maxPayload} bytes`);
  try {
    return utf8.decode(text);
  } catch {
    throw new BakingError('BAD_ITXT', 'iTXt text is not valid UTF-8');
  }
}

/** Returns the embedded credential text (JSON or compact JWS), or null if there is none. */
export function unbakePng(png: Uint8Array, options?: BakingLimits): string | null {
  const { maxInput, maxPayload } = limits(options);
  for (const chunk of parsePng(png, maxInput)) {
    if (chunk.type === 'iTXt' && iTxtKeyword(chunk.data) === PNG_KEYWORD) return decodeITxtText(chunk.data, maxPayload);
  }
  return null;
}

/**
 * The Open Badges 2.0 assertion baked into a PNG (iTXt, or tEXt in files made before 2.0, with
 * keyword `openbadges`): a hosted assertion's URL, a signed assertion's JWS or the assertion
 * JSON. Null when there is none.
 */
export function unbakeOb2Png(png: Uint8Array, options?: BakingLimits): string | null {
  const { maxInput, maxPayload } = limits(options);
  for (const chunk of parsePng(png, maxInput)) {
    if (chunk.type === 'iTXt' && iTxtKeyword(chunk.data) === OB2_PNG_KEYWORD) return decodeITxtText(chunk.data, maxPayload);
    if (chunk.type === 'tEXt' && iTxtKeyword(chunk.data) === OB2_PNG_KEYWORD) {
      const text = chunk.data.subarray(chunk.data.indexOf(0) + 1);
      if (text.length > maxPayload) throw new BakingError('TOO_LARGE', `embedded assertion larger than ${maxPayload} bytes`);
      return text.toString('latin1');
    }
  }
  return null;
}

function checkPayload(payload: string, maxPayload: number): 'json' | 'jws' {
  if (typeof payload !== 'string' || payload.length === 0) throw new BakingError('BAD_PAYLOAD', 'credential text is empty');
  if (Buffer.byteLength(payload, 'utf8') > maxPayload) throw new BakingError('TOO_LARGE', `credential larger than ${maxPayload} bytes`);
  const kind = bakedPayloadKind(payload);
  if (kind === 'json') {
    try {
      JSON.parse(payload);
    } catch {
      throw new BakingError('BAD_PAYLOAD', 'credential text is not valid JSON');
    }
    return 'json';
  }
  if (kind === 'jws') return 'jws';
  throw new BakingError('BAD_PAYLOAD', 'credential text is neither JSON nor a compact JWS');
}

/** How the 1EdTech validator tells the two payloads apart: the first non-blank character. */
export function bakedPayloadKind(text: string): 'json' | 'jws' | 'unknown' {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return 'json';
  if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(trimmed)) return 'jws';
  return 'unknown';
}

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/**
 * Returns a new PNG with exactly one `openbadgecredential` iTXt chunk, placed right after IHDR;
 * any existing one is replaced. Pixels and all other chunks are copied byte for byte.
 */
export function bakePng(png: Uint8Array, credential: string, options?: BakingLimits): Buffer {
  const { maxInput, maxPayload } = limits(options);
  checkPayload(credential, maxPayload);
  const chunks = parsePng(png, maxInput);
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const iTxt = pngChunk(
    'iTXt',
    Buffer.concat([Buffer.from(PNG_KEYWORD, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(credential, 'utf8')]),
  );
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const chunk of chunks) {
    if (chunk.type === 'iTXt' && iTxtKeyword(chunk.data) === PNG_KEYWORD) continue;
    parts.push(bytes.subarray(chunk.start, chunk.end));
    if (chunk.type === 'IHDR') parts.push(iTxt);
  }
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------------------------
// SVG. A full XML parser is overkill (and a larger attack surface); this scanner understands
// exactly what matters here: comments, CDATA, processing instructions, DOCTYPE, tags, quotes.

interface XmlTag {
  name: string;
  start: number;
  /** index just after '>' */
  end: number;
  attributes: Map<string, string>;
  selfClosing: boolean;
  closing: boolean;
}

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_m, e: string) => {
    switch (e) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default: {
        const code = e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
    }
  });
}

/** From a declaration's "<", everything up to its first "[" or ">" (sticky: reads only that far). */
const DECLARATION_BODY = /[^[>]*/y;

/** Iterates over element tags outside comments/CDATA/PIs. */
function* scanTags(xml: string, from = 0): Generator<XmlTag> {
  let i = from;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) return;
    const skipTo = (terminator: string): number => {
      const j = xml.indexOf(terminator, lt);
      if (j < 0) throw new BakingError('BAD_SVG', `unterminated markup (expected ${terminator})`);
      return j + terminator.length;
    };
    if (xml.startsWith('<!--', lt)) {
      i = skipTo('-->');
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      i = skipTo(']]>');
      continue;
    }
    if (xml.startsWith('<?', lt)) {
      i = skipTo('?>');
      continue;
    }
    if (xml.startsWith('<!', lt)) {
      // DOCTYPE, possibly with an internal subset in [...]. The "[" is looked for only inside
      // the declaration (before its first ">"): searching the rest of the document for it made
      // a run of "<!x>" declarations quadratic.
      const gt = xml.indexOf('>', lt);
      if (gt < 0) throw new BakingError('BAD_SVG', 'unterminated declaration');
      DECLARATION_BODY.lastIndex = lt;
      DECLARATION_BODY.test(xml);
      const hasSubset = DECLARATION_BODY.lastIndex < gt; // stopped at a "[" before the ">"
      i = hasSubset ? skipTo(']>') : gt + 1;
      continue;
    }
    const closing = xml[lt + 1] === '/';
    const nameMatch = /^[A-Za-z_][\w.:-]*/.exec(xml.slice(lt + (closing ? 2 : 1), lt + (closing ? 2 : 1) + 200));
    if (!nameMatch) throw new BakingError('BAD_SVG', 'malformed tag');
    const name = nameMatch[0];
    let j = lt + (closing ? 2 : 1) + name.length;
    const attributes = new Map<string, string>();
    const attr = /\s*([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')|\s*(\/?>)/y;
    let selfClosing = false;
    for (;;) {
      attr.lastIndex = j;
      const m = attr.exec(xml);
      if (!m) throw new BakingError('BAD_SVG', `malformed tag <${name}>`);
      j = attr.lastIndex;
      if (m[5]) {
        selfClosing = m[5] === '/>';
        break;
      }
      attributes.set(m[1]!, unescapeXml(m[3] ?? m[4] ?? ''));
    }
    yield { name, start: lt, end: j, attributes, selfClosing, closing };
    i = j;
  }
}

function checkSvgText(svg: string, maxInput: number): void {
  if (typeof svg !== 'string') throw new BakingError('NOT_SVG', 'input is not text');
  if (svg.length > maxInput) throw new BakingError('TOO_LARGE', `SVG larger than ${maxInput} characters`);
}

function rootSvg(svg: string): XmlTag {
  for (const tag of scanTags(svg)) {
    if (tag.closing) break;
    if (tag.name === 'svg' || tag.name.endsWith(':svg')) return tag;
    break; // the first element must be the root <svg>
  }
  throw new BakingError('NOT_SVG', 'no <svg> root element');
}

/** Prefixes bound to the OB 3.0 (or another) namespace on the root (where bakers declare it). */
function obPrefixes(root: XmlTag, namespace = OB3_SVG_NAMESPACE): string[] {
  const prefixes: string[] = [];
  for (const [k, v] of root.attributes) if (k.startsWith('xmlns:') && v === namespace) prefixes.push(k.slice(6));
  return prefixes;
}

interface CredentialElement {
  start: number;
  end: number;
  tag: XmlTag;
  content: string | null;
}

function findCredentialElements(svg: string, root: XmlTag, version: 'ob3' | 'ob2' = 'ob3'): CredentialElement[] {
  const prefixes = obPrefixes(root, version === 'ob3' ? OB3_SVG_NAMESPACE : OB2_SVG_NAMESPACE);
  const local = version === 'ob3' ? 'credential' : 'assertion';
  // Lenient: without a declaration, accept the conventional prefix.
  const names = new Set((prefixes.length > 0 ? prefixes : ['openbadges']).map((p) => `${p}:${local}`));
  const found: CredentialElement[] = [];
  // One shared iterator (not nested for-of: breaking an inner for-of would close the generator).
  const tags = scanTags(svg, root.end);
  for (let next = tags.next(); !next.done; next = tags.next()) {
    const tag = next.value;
    if (tag.closing || !names.has(tag.name)) continue;
    if (tag.selfClosing) {
      found.push({ start: tag.start, end: tag.end, tag, content: null });
      continue;
    }
    let closeTag: XmlTag | undefined;
    for (let inner = tags.next(); !inner.done; inner = tags.next()) {
      if (inner.value.closing && inner.value.name === tag.name) {
        closeTag = inner.value;
        break;
      }
    }
    if (!closeTag) throw new BakingError('BAD_SVG', `<${tag.name}> is not closed`);
    found.push({ start: tag.start, end: closeTag.end, tag, content: svg.slice(tag.end, closeTag.start) });
  }
  return found;
}

function elementText(content: string): string {
  // CDATA sections verbatim, everything else entity-decoded.
  let out = '';
  let i = 0;
  for (;;) {
    const c = content.indexOf('<![CDATA[', i);
    if (c < 0) {
      out += unescapeXml(content.slice(i));
      break;
    }
    out += unescapeXml(content.slice(i, c));
    const e = content.indexOf(']]>', c + 9);
    if (e < 0) throw new BakingError('BAD_SVG', 'unterminated CDATA');
    out += content.slice(c + 9, e);
    i = e + 3;
  }
  return out.trim();
}

/** The text of the first baked element (its `verify` attribute, else its content), or null. */
function unbakeSvgElement(svg: string, options: BakingLimits | undefined, version: 'ob3' | 'ob2'): string | null {
  const { maxInput, maxPayload } = limits(options);
  checkSvgText(svg, maxInput);
  const root = rootSvg(svg);
  const [first] = findCredentialElements(svg, root, version);
  if (!first) return null;
  const verify = first.tag.attributes.get('verify');
  const text = verify !== undefined && verify.trim() !== '' ? verify.trim() : first.content === null ? '' : elementText(first.content);
  if (text === '') return null;
  if (Buffer.byteLength(text, 'utf8') > maxPayload)
    throw new BakingError('TOO_LARGE', `embedded credential larger than ${maxPayload} bytes`);
  return text;
}

/** Returns the embedded credential (JSON text or the compact JWS from `verify`), or null. */
export function unbakeSvg(svg: string, options?: BakingLimits): string | null {
  return unbakeSvgElement(svg, options, 'ob3');
}

/**
 * The Open Badges 2.0 assertion baked into an SVG: the `verify` attribute of
 * `<openbadges:assertion>` (namespace http://openbadges.org; a hosted assertion's URL or a signed
 * assertion's JWS), else the element's text (the assertion JSON). Null when there is none.
 */
export function unbakeOb2Svg(svg: string, options?: BakingLimits): string | null {
  return unbakeSvgElement(svg, options, 'ob2');
}

/**
 * Returns the SVG with exactly one `<openbadges:credential>` directly after the `<svg>` start
 * tag (JSON in CDATA; a compact JWS in `verify`), replacing existing ones.
 */
export function bakeSvg(svg: string, credential: string, options?: BakingLimits): string {
  const { maxInput, maxPayload } = limits(options);
  checkSvgText(svg, maxInput);
  const kind = checkPayload(credential, maxPayload);
  const root = rootSvg(svg);
  const prefixes = obPrefixes(root);
  const existingBinding = root.attributes.get('xmlns:openbadges');
  if (prefixes.length === 0 && existingBinding !== undefined)
    throw new BakingError('BAD_SVG', 'prefix "openbadges" is bound to another namespace');
  const prefix = prefixes[0] ?? 'openbadges';
  // Remove old credential elements: keep the text between them (one pass, not one copy per element).
  const kept: string[] = [];
  let cursor = 0;
  for (const el of findCredentialElements(svg, root)) {
    kept.push(svg.slice(cursor, el.start));
    cursor = el.end;
  }
  kept.push(svg.slice(cursor));
  const body = kept.join('');
  const element =
    kind === 'jws'
      ? `<${prefix}:credential verify="${credential.trim()}"></${prefix}:credential>`
      : `<${prefix}:credential><![CDATA[${credential.replaceAll(']]>', ']]]]><![CDATA[>')}]]></${prefix}:credential>`;
  const startTag = body.slice(root.start, root.end);
  let newStart = startTag;
  if (prefixes.length === 0) newStart = newStart.replace(/^<[^\s/>]+/, (m) => `${m} xmlns:openbadges="${OB3_SVG_NAMESPACE}"`);
  let closing = '';
  if (root.selfClosing) {
    newStart = newStart.replace(/\s*\/>$/, '>');
    closing = `</${root.name}>`;
  }
  return body.slice(0, root.start) + newStart + '\n' + element + '\n' + closing + body.slice(root.end);
}
