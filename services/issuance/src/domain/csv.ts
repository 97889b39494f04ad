import { AppError } from '@cred/runtime';
import { CsvError, parse, type InfoRecord, type Options } from 'csv-parse/sync';
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
  /** 0-based record number, counting the empty lines that were skipped (see readCsv). */
  index: number;
}

/**
 * The dialect, in csv-parse's terms: RFC 4180 (comma, double quote, quotes doubled inside a
 * quoted field) with CRLF, LF or a lone CR ending a record (mixed in one file too), any number
 * of fields per record, nothing trimmed, no comments.
 */
const DIALECT = {
  delimiter: ',',
  quote: '"',
  escape: '"',
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_column_count: true,
} satisfies Options;

/** The line a record starts on: the line after the previous record, past the skipped empty lines. */
interface Position {
  lastLine: number;
  emptyLines: number;
}

/**
 * Reads the records of a text with csv-parse and hands them to `visit` one at a time (nothing
 * is collected here; `visit` may throw to stop early). A final line break does not start
 * another record. Deliberately lenient in one place, as most spreadsheet programs are: a quote
 * inside an unquoted field (`Dwayne "The Rock" Johnson`) is kept as a character. Text after a
 * closing quote (`"x"y`), or a quote never closed, is a CsvSyntaxError. A record keeps at most
 * `maxFields` fields (a line of a million commas is one bad record, not a million strings kept).
 * With `skipEmptyLines`, lines with no character at all produce no record but keep their number.
 */
function readCsv(text: string, options: { maxFields: number; skipEmptyLines: boolean }, visit: (record: CsvRecord) => void): void {
  const pos: Position = { lastLine: 0, emptyLines: 0 };
  const startLine = (info: { lines: number; empty_lines: number }) => pos.lastLine + 1 + (info.empty_lines - pos.emptyLines);
  try {
    // csv-parse has one switch for both quote leniencies (relax_quotes): the reading pass keeps
    // quotes inside unquoted fields; the check below refuses text after a closing quote.
    parse(text, {
      ...DIALECT,
      relax_quotes: true,
      skip_empty_lines: options.skipEmptyLines,
      on_record: (fields: string[], info: InfoRecord) => {
        const record: CsvRecord = {
          fields: fields.length > options.maxFields ? fields.slice(0, options.maxFields) : fields,
          fieldCount: fields.length,
          line: startLine(info),
          index: info.records - 1 + info.empty_lines,
        };
        pos.lastLine = info.lines;
        pos.emptyLines = info.empty_lines;
        visit(record);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvSyntaxError('A quoted field is not closed', startLine(err as CsvError & { lines: number; empty_lines: number }));
    }
    throw err;
  }
  if (text.includes('"')) refuseTextAfterClosingQuote(text);
}

/**
 * The strict pass, only for texts with a quote: the same dialect without relax_quotes, where
 * csv-parse reports a quote inside an unquoted field (skipped here, it is allowed) and text
 * after a closing quote (refused). Records are not kept.
 */
function refuseTextAfterClosingQuote(text: string): void {
  parse(text, {
    ...DIALECT,
    skip_records_with_error: true,
    on_skip: (err) => {
      if (err?.code === 'CSV_INVALID_CLOSING_QUOTE') {
        throw new CsvSyntaxError('Unexpected text after a closing quote (a quote inside a quoted field is written "")', Number(err.lines));
      }
      return undefined;
    },
    on_record: () => null,
  });
}

/** Every record of a text, empty lines included (each a record of one empty field); see readCsv. */
export function parseCsvRecords(text: string, maxFields = 64): CsvRecord[] {
  const records: CsvRecord[] = [];
  readCsv(text, { maxFields, skipEmptyLines: false }, (record) => records.push(record));
  return records;
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
 * How many records (data rows and blank ones of only commas or spaces; empty lines aside) a
 * recipients file may have, per allowed row. csv-parse spends a few microseconds on each
 * record, so a 5 MiB file of `,` lines (2.6 million records) would hold the event loop for
 * seconds; no real file needs ten blank records per row once the trailing ones are cut.
 */
const RECORDS_PER_ROW = 10;

/**
 * A spreadsheet saved as CSV often ends in lines of only commas (rows that were formatted and
 * left empty), up to the sheet's last row. They are blank records, skipped anyway: cut them
 * (from the first line break of the trailing run of commas, spaces, tabs and line breaks) so
 * they cost nothing and do not count against RECORDS_PER_ROW. The last record keeps its
 * trailing commas (`A,` stays two fields).
 */
function withoutTrailingBlankLines(text: string): string {
  let cut = text.length;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '\n' || c === '\r') cut = i;
    else if (c !== ',' && c !== ' ' && c !== '\t') break;
  }
  return cut === text.length ? text : text.slice(0, cut);
}

/**
 * The recipients CSV of bulk issuance (docs/contract.md "Requests and bodies"): the header `name,email`
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
  const text = withoutTrailingBlankLines(decodeCsvText(bytes));
  const maxRecords = maxRows * RECORDS_PER_ROW;
  let records = 0;
  const rows: RecipientRecord[] = [];
  const noHeader = () => AppError.validation('file', 'The first line of the CSV must be the header name,email');
  let header = false;
  try {
    readCsv(text, { maxFields: 64, skipEmptyLines: true }, (record) => {
      if (++records > maxRecords) {
        throw AppError.validation(
          'file',
          `The CSV has more than ${maxRecords.toLocaleString('en-US')} lines with content (lines of only commas count); remove the blank ones or split it into several uploads`,
          { maxRecords },
        );
      }
      if (!header) {
        const [name, email] = record.fields;
        // index 0: the very first line (an empty first line is skipped, so the header would come later).
        if (
          record.index !== 0 ||
          record.fieldCount !== 2 ||
          name!.trim().toLowerCase() !== 'name' ||
          email!.trim().toLowerCase() !== 'email'
        ) {
          throw noHeader();
        }
        header = true;
      } else if (!blank(record)) {
        if (rows.length === maxRows) {
          throw AppError.validation(
            'file',
            `The CSV has more than ${maxRows.toLocaleString('en-US')} rows; split it into several uploads`,
            { maxRows },
          );
        }
        rows.push({ row: record.index, fields: record.fields, fieldCount: record.fieldCount });
      }
    });
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw AppError.validation('file', `The file is not valid CSV: ${err.message}`, { line: err.line });
    throw err;
  }
  if (!header) throw noHeader();
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
