import { AppError } from '@cred/runtime';
import { checkEmail, checkRecipientName } from './credential.js';

/** docs/contract.md "Requests and bodies": a bulk CSV is at most 5 MiB and 10,000 rows. */
export const BULK_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const BULK_CSV_MAX_ROWS = 10_000;

/** A malformed CSV text; `line` is 1-based (physical lines, as an editor counts them). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
    this.name = 'CsvSyntaxError';
  }
}

export interface CsvRecord {
  /** The fields, at most `maxFields` of them (see fieldCount). */
  fields: string[];
  /** How many fields the record has, kept ones or not. */
  fieldCount: number;
  /** The physical line the record starts on (1-based). */
  line: number;
}

const QUOTE = 0x22; // "
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * RFC 4180 records of a text: fields separated by commas, records by CRLF (LF or a lone CR are
 * accepted too); a field in double quotes may hold commas, line breaks and doubled quotes. A
 * final line break does not start another record. Deliberately lenient in one place: a quote
 * inside an unquoted field (`Dwayne "The Rock" Johnson`) is kept as a character, as most
 * spreadsheet programs read it; text after a closing quote, or a quote never closed, is an error.
 * Fields are not trimmed here. Records are produced one at a time, so a caller can stop early;
 * a record keeps at most `maxFields` fields (a line of a million commas is one bad record, not
 * a million strings).
 */
export function* csvRecords(text: string, maxFields = 64): Generator<CsvRecord> {
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let fieldCount = 0;
    for (;;) {
      // One field starting at i.
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        const openedOn = line;
        let out = '';
        let from = ++i;
        for (;;) {
          if (i >= n) throw new CsvSyntaxError('A quoted field is not closed', openedOn);
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            if (text.charCodeAt(i + 1) === QUOTE) {
              out += text.slice(from, i + 1);
              i += 2;
              from = i;
              continue;
            }
            out += text.slice(from, i);
            i++;
            break;
          }
          if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line++;
          i++;
        }
        const next = i < n ? text.charCodeAt(i) : -1;
        if (next !== -1 && next !== COMMA && next !== CR && next !== LF) {
          throw new CsvSyntaxError('Unexpected text after a closing quote (a quote inside a quoted field is written "")', line);
        }
        value = out;
      } else {
        const from = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === CR || c === LF) break;
          i++;
        }
        value = text.slice(from, i);
      }
      if (fieldCount++ < maxFields) fields.push(value);
      if (i < n && text.charCodeAt(i) === COMMA) {
        i++;
        continue; // a comma at the very end still opens one (empty) field
      }
      break;
    }
    // End of record: a line break (CRLF, LF or CR) or the end of the text.
    if (i < n) {
      if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) i += 2;
      else i++;
      line++;
    }
    yield { fields, fieldCount, line: start };
  }
}

/** Every record of a text (see csvRecords). */
export function parseCsvRecords(text: string, maxFields?: number): CsvRecord[] {
  return [...csvRecords(text, maxFields)];
}

/**
 * Bytes -> text: UTF-8 only (a leading BOM is dropped). NUL bytes or invalid UTF-8 mean the
 * upload is not a CSV text file at all (a spreadsheet's binary format, an image, UTF-16).
 */
export function decodeCsvText(bytes: Uint8Array): string {
  if (bytes.includes(0))
    throw AppError.validation('file', 'The file is not a CSV text file (it contains NUL bytes); save it as CSV (UTF-8)');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw AppError.validation('file', 'The file is not valid UTF-8 text; save it as CSV (UTF-8)');
  }
}

/** One data record of a recipients CSV, before the field checks. */
export interface RecipientRecord {
  /** 1-based data record number; the header is row 0 (blank records keep their number). */
  row: number;
  /** The first fields of the record (see fieldCount). */
  fields: string[];
  fieldCount: number;
}

const blank = (r: CsvRecord) => r.fieldCount === r.fields.length && r.fields.every((f) => f.trim() === '');

/**
 * The recipients CSV of bulk issuance (docs/contract.md "Authentication and access"): the header `name,email`
 * (each trimmed, case-insensitive, nothing else), then one record per recipient. Records that
 * are entirely blank (an empty line, or only commas and spaces) are skipped but keep their
 * number, so row N is the spreadsheet's N+1st line. Whole-file problems are 400s naming
 * `file`; what is wrong with a single record is that row's business (see the caller).
 */
export function parseRecipientsCsv(bytes: Uint8Array, limits: { maxBytes?: number; maxRows?: number } = {}): RecipientRecord[] {
  const maxBytes = limits.maxBytes ?? BULK_CSV_MAX_BYTES;
  const maxRows = limits.maxRows ?? BULK_CSV_MAX_ROWS;
  if (bytes.length > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The CSV file must be at most ${maxBytes / 1024 / 1024} MiB`, {
      field: 'file',
      limitBytes: maxBytes,
    });
  }
  const text = decodeCsvText(bytes);
  const rows: RecipientRecord[] = [];
  try {
    let r = 0;
    for (const record of csvRecords(text)) {
      if (r === 0) {
        const [name, email] = record.fields;
        if (record.fieldCount !== 2 || name!.trim().toLowerCase() !== 'name' || email!.trim().toLowerCase() !== 'email') {
          throw AppError.validation('file', 'The first line of the CSV must be the header name,email');
        }
      } else if (!blank(record)) {
        if (rows.length === maxRows) {
          throw AppError.validation(
            'file',
            `The CSV has more than ${maxRows.toLocaleString('en-US')} rows; split it into several uploads`,
            { maxRows },
          );
        }
        rows.push({ row: r, fields: record.fields, fieldCount: record.fieldCount });
      }
      r++;
    }
    if (r === 0) throw AppError.validation('file', 'The first line of the CSV must be the header name,email');
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw AppError.validation('file', `The file is not valid CSV: ${err.message}`, { line: err.line });
    throw err;
  }
  if (rows.length === 0) throw AppError.validation('file', 'The CSV has no rows after the header name,email');
  return rows;
}

/** A data row with the single-issue checks applied (docs/contract.md "Requests and bodies"). */
export interface RecipientRow {
  row: number;
  /** Trimmed name; for an invalid row, the text as uploaded (cut to a displayable length). */
  name: string;
  /** Lower-cased e-mail; for an invalid row, the text as uploaded (cut). */
  email: string;
  /** Null when the row can be issued; otherwise why not (it is then an `invalid` row). */
  invalidReason: string | null;
}

const SHOWN_CHARS = 320;
const shown = (v: string | undefined) => (v ?? '').slice(0, SHOWN_CHARS);

/**
 * The same field rules as a single issue (name trimmed, 1-200 characters, no control characters;
 * e-mail syntactically valid, at most 254 characters, lower-cased), with the CSV column names in
 * the messages. A record without exactly two fields is invalid too. Rows that pass are still
 * issued through issueCredential, which applies every rule again.
 */
export function checkRecipientRecord(record: RecipientRecord): RecipientRow {
  if (record.fieldCount !== 2) {
    return {
      row: record.row,
      name: shown(record.fields[0]),
      email: shown(record.fields[1]),
      invalidReason: `Expected 2 fields (name,email), found ${record.fieldCount}`,
    };
  }
  const [rawName, rawEmail] = record.fields as [string, string];
  const problems: string[] = [];
  let name = shown(rawName);
  let email = shown(rawEmail);
  try {
    name = checkRecipientName(rawName, 'name');
  } catch (err) {
    problems.push(messageOf(err));
  }
  try {
    email = checkEmail(rawEmail, 'email');
  } catch (err) {
    problems.push(messageOf(err));
  }
  return { row: record.row, name, email, invalidReason: problems.length > 0 ? problems.join('; ') : null };
}

function messageOf(err: unknown): string {
  if (err instanceof AppError && err.code === 'VALIDATION_ERROR') return err.message;
  throw err;
}
