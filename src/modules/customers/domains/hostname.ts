/**
 * What a custom login domain may be: a DNS hostname of two labels or more, stored lower
 * case, without a trailing dot, in ASCII (an international name is kept as punycode, so
 * `bücher.example` and `xn--bcher-kva.example` are one domain). Each kind of mistake
 * gets its own words, naming the field: a scheme, a path, a port, an IP address, a
 * wildcard, a punycode label that does not decode.
 */
import { domainToASCII, domainToUnicode } from "node:url";
import { isIP } from "node:net";
import { loginDomainErrors } from "./errors";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function refuse(field: string, message: string): never {
  throw loginDomainErrors.error("invalidHostname", { field, message });
}

/** The normalised hostname, or 400 invalid_hostname naming `field` and the mistake. */
export function normaliseLoginDomain(value: string, field: string): string {
  const raw = value.trim();
  if (raw.length === 0) refuse(field, "a hostname such as login.example.com is required");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) refuse(field, "a hostname only, without a scheme: login.example.com, not https://login.example.com");
  if (/[/?#\\]/.test(raw)) refuse(field, "a hostname only, without a path, query or fragment");
  if (raw.includes("@")) refuse(field, "a hostname only, without user information");
  if (raw.includes("*")) refuse(field, "wildcards are not accepted: list each hostname");
  const bare = raw.replace(/^\[|\]$/g, "");
  if (isIP(bare) !== 0 || isIP(raw.replace(/\.$/, "")) !== 0) refuse(field, "an IP address is not a domain: use a hostname that CNAMEs to the service");
  if (/:\d*$/.test(raw) || raw.includes(":")) refuse(field, "a hostname only, without a port: the service answers on 443");
  if (/\s/.test(raw)) refuse(field, "a hostname has no spaces");
  const withoutDot = raw.replace(/\.$/, "");
  if (withoutDot.endsWith(".") || withoutDot.startsWith(".") || withoutDot.includes("..")) refuse(field, "a hostname has no empty labels");
  if (/^\d+$/.test(withoutDot.split(".").at(-1)!)) refuse(field, "the top-level label must have a letter (an IP address is not a domain)");
  // Unicode labels become punycode; an ASCII name comes back lower-cased. Empty: not a valid IDN.
  const ascii = domainToASCII(withoutDot.toLowerCase());
  if (!ascii) refuse(field, "not a valid international domain name (its punycode or unicode labels do not convert)");
  const labels = ascii.split(".");
  if (labels.length < 2) refuse(field, "a single label is not a public hostname: use a name such as login.example.com");
  if (ascii.length > 253) refuse(field, "longer than 253 characters");
  for (const label of labels) {
    if (!LABEL.test(label)) refuse(field, `"${label}" is not a valid DNS label (letters, digits and inner hyphens, at most 63)`);
    if (label.startsWith("xn--")) {
      // A punycode label must decode, and encode back to itself (no mixed or padded forms).
      const unicode = domainToUnicode(label);
      if (!unicode || unicode === label || domainToASCII(unicode) !== label) refuse(field, `"${label}" is not valid punycode`);
    } else if (label.slice(2, 4) === "--") {
      refuse(field, `"${label}" has hyphens in its third and fourth places, which only punycode (xn--) labels may`);
    }
  }
  if (!/[a-z]/.test(labels.at(-1)!)) refuse(field, "the top-level label must have a letter (an IP address is not a domain)");
  return ascii;
}

/** The hostname of an absolute URL, lower case, without brackets. */
export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, "");
}
