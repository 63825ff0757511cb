/**
 * Importing products from a CSV file (pages/commerce.tsx): the file is read and checked
 * in the browser, row by row, before anything is sent; then it goes to
 * POST …/products/import in parts of IMPORT_PART_ROWS, the route's limit, so the page can
 * show how far it got (docs/commerce.md, "Products").
 */
import { toMinor } from "./billing";
import type { Translate } from "./language";

/** Rows a request carries: the import route refuses more (400). */
export const IMPORT_PART_ROWS = 100;
/** Rows a file may hold: a catalog, not a data dump; larger files are refused before sending. */
export const IMPORT_MAX_FILE_ROWS = 5_000;

export interface ImportRow {
  name: string;
  price: number;
  productKey?: string;
  description?: string;
}

/**
 * RFC 4180 records: fields separated by commas, quoted with double quotes (a quote inside
 * doubled), records ended by CRLF or LF. A byte-order mark is dropped; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  let i = text.startsWith("\uFEFF") ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    field = "";
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n") endRecord();
    else if (c === "\r" && text[i + 1] === "\n") {
      endRecord();
      i++;
    } else field += c;
  }
  if (quoted) throw new SyntaxError("unclosed quote");
  if (field !== "" || record.length > 0) endRecord();
  return records;
}

const COLUMNS = ["name", "price", "productkey", "description"] as const;
const PRODUCT_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The products a CSV file names, checked as the route checks them. The first record is the
 * header: `name` and `price` are required, `productKey` and `description` optional, in any
 * order and any case; other columns are refused so a misspelt one is not silently dropped.
 * Prices are in the ledger's currency's major units ("19.99"), as the form takes them.
 * Throws an Error naming the row (its record's number, the header's being 1) and what is wrong.
 */
export function productRowsOf(t: Translate, text: string, currency: string): ImportRow[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch {
    throw new Error(t("commerce.importUnclosedQuote"));
  }
  const [header, ...body] = records;
  if (!header) throw new Error(t("commerce.importEmpty"));
  const columns = header.map((name) => name.trim().toLowerCase());
  const unknown = columns.find((name) => !(COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) throw new Error(t("commerce.importUnknownColumn", { column: unknown || '""' }));
  for (const required of ["name", "price"]) if (!columns.includes(required)) throw new Error(t("commerce.importMissingColumn", { column: required }));
  if (body.length === 0) throw new Error(t("commerce.importEmpty"));
  if (body.length > IMPORT_MAX_FILE_ROWS) throw new Error(t("commerce.importTooMany", { max: IMPORT_MAX_FILE_ROWS }));
  return body.map((record, index) => {
    const row = index + 2;
    if (record.length !== columns.length) throw new Error(t("commerce.importRowShape", { row, count: record.length, expected: columns.length }));
    const cell = (column: (typeof COLUMNS)[number]) => {
      const at = columns.indexOf(column);
      return at === -1 ? "" : record[at]!.trim();
    };
    const name = cell("name");
    if (!name || name.length > 200) throw new Error(t("commerce.importRowName", { row }));
    let price: number;
    try {
      price = toMinor(t, cell("price"), currency);
    } catch (e) {
      throw new Error(t("commerce.importRowPrice", { row, reason: (e as Error).message }));
    }
    const productKey = cell("productkey");
    if (productKey && !PRODUCT_KEY.test(productKey)) throw new Error(t("commerce.importRowKey", { row }));
    const description = cell("description");
    if (description.length > 1000) throw new Error(t("commerce.importRowDescription", { row }));
    return { name, price, ...(productKey ? { productKey } : {}), ...(description ? { description } : {}) };
  });
}
