/**
 * Reading a CSV file of products in the dashboard (embedded-ui/dashboard/product-import.ts):
 * RFC 4180 records, and every row checked as the import route checks it, with the row named,
 * before anything is sent. The browser suite imports a file through the page.
 */
import { describe, expect, test } from "bun:test";
import { translator } from "../../../embedded-ui/i18n";
import { dashboardCatalog } from "../../../embedded-ui/dashboard/locales/index";
import { IMPORT_MAX_FILE_ROWS, parseCsv, productRowsOf } from "../../../embedded-ui/dashboard/product-import";

const en = translator(dashboardCatalog, "en");
const ko = translator(dashboardCatalog, "ko");
const refusal = (text: string, currency = "USD", t = en) => {
  try {
    productRowsOf(t, text, currency);
  } catch (e) {
    return (e as Error).message;
  }
  return "nothing thrown";
};

describe("CSV records (RFC 4180)", () => {
  test("commas, quotes with doubled quotes, commas and line breaks inside quotes, CRLF or LF", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["two\nlines", ""],
    ]);
  });

  test("a byte-order mark and blank lines are dropped; a last record needs no line break", () => {
    expect(parseCsv("\uFEFFname,price\n\n\nTea,3")).toEqual([
      ["name", "price"],
      ["Tea", "3"],
    ]);
  });

  test("an unclosed quote is refused", () => {
    expect(() => parseCsv('name\n"open')).toThrow(SyntaxError);
    expect(refusal('name,price\n"open,3')).toBe("The file has a quote that is never closed.");
  });
});

describe("products from a file", () => {
  test("columns in any order and case; prices in major units become minor units; optional fields left out when empty", () => {
    expect(productRowsOf(en, "Price,NAME,productKey,description\n19.99,Gold plan,gold,Monthly\n5,Tea,,\n", "USD")).toEqual([
      { name: "Gold plan", price: 1_999, productKey: "gold", description: "Monthly" },
      { name: "Tea", price: 500 },
    ]);
    // Won has no minor unit: whole amounts only.
    expect(productRowsOf(en, "name,price\nKimchi,12000\n", "KRW")).toEqual([{ name: "Kimchi", price: 12_000 }]);
  });

  test("the header: unknown and missing columns, no rows, too many rows", () => {
    expect(refusal("name,price,colour\nTea,3,red")).toBe("The header names a column this import does not know: colour. The columns are name, price, productKey and description.");
    expect(refusal("name\nTea")).toBe("The header has no price column.");
    expect(refusal("")).toBe("The file has no products: a header row and at least one row are needed.");
    expect(refusal("name,price\n")).toBe("The file has no products: a header row and at least one row are needed.");
    const many = `name,price\n${Array.from({ length: IMPORT_MAX_FILE_ROWS + 1 }, (_, i) => `p${i},1`).join("\n")}`;
    expect(refusal(many)).toBe(`The file has more than ${IMPORT_MAX_FILE_ROWS} products; split it.`);
  });

  test("each bad row is named by its line (the header is row 1)", () => {
    expect(refusal("name,price\nTea,3\nCake")).toBe("Row 3: the header has 2 columns, this row 1.");
    expect(refusal("name,price\n ,3")).toBe("Row 2: a name is 1 to 200 characters.");
    expect(refusal(`name,price\n${"x".repeat(201)},3`)).toBe("Row 2: a name is 1 to 200 characters.");
    expect(refusal("name,price\nTea,0")).toStartWith("Row 2: ");
    expect(refusal("name,price\nTea,-1")).toStartWith("Row 2: ");
    expect(refusal("name,price\nTea,1.999")).toStartWith("Row 2: ");
    expect(refusal("name,price\nTea,12.5", "KRW")).toStartWith("Row 2: ");
    expect(refusal("name,price,productKey\nTea,3,has space")).toBe("Row 2: a product key is 1 to 64 of a-z, A-Z, 0-9, _ . -");
    expect(refusal(`name,price,description\nTea,3,${"d".repeat(1001)}`)).toBe("Row 2: a description is at most 1,000 characters.");
  });

  test("the refusals speak the person's language", () => {
    expect(refusal("name\nTea", "USD", ko)).toBe("머리글에 price 열이 없습니다.");
    expect(refusal("name,price\n ,3", "USD", ko)).toBe("2행: 이름은 1~200자입니다.");
  });
});
