/** Canonical JSON (RFC 8785) as record hashes use it. */
import { describe, expect, test } from "bun:test";
import { canonicalJson, recordHash } from "../../src/platform/crypto/canonical-json";
import { sha256Hex } from "../../src/platform/crypto/hash";

describe("canonicalJson", () => {
  test("sorts keys by UTF-16 code units at every depth and drops whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    // RFC 8785 §3.2.3: "\\u20ac" (€) sorts after "\\r" and before the emoji's surrogate pair.
    expect(canonicalJson({ "\u20ac": 1, "\r": 2, "\ud83d\ude00": 3, "1": 4 })).toBe('{"\\r":2,"1":4,"€":1,"😀":3}');
  });

  test("numbers serialise as ECMAScript does (RFC 8785 §3.2.2.3)", () => {
    expect(canonicalJson([0, -0, 1e21, 1e-7, 333333333.3333333, 4.5, -1.5e300])).toBe("[0,0,1e+21,1e-7,333333333.3333333,4.5,-1.5e+300]");
  });

  test("strings escape only what JSON requires", () => {
    expect(canonicalJson("a\"b\\c\n\u0001é")).toBe('"a\\"b\\\\c\\n\\u0001é"');
  });

  test("undefined members are left out; values JSON cannot carry are refused", () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
    expect(() => canonicalJson({ n: NaN })).toThrow();
    expect(() => canonicalJson({ n: Infinity })).toThrow();
    expect(() => canonicalJson({ f: () => 1 })).toThrow();
    expect(() => canonicalJson({ big: 1n })).toThrow();
  });

  test("the record hash is SHA-256 of the canonical form, independent of key order", () => {
    expect(recordHash({ b: 2, a: 1 })).toBe(sha256Hex('{"a":1,"b":2}'));
    expect(recordHash({ a: 1, b: 2 })).toBe(recordHash({ b: 2, a: 1 }));
  });
});
