import { UsageError } from "./errors";

/** Parses `--name value` / `--name=value` options of a subcommand; refuses unknown ones. */
export function parseOptions(args: string[], allowed: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf("=");
    const name = (eq > 0 ? arg.slice(2, eq) : arg.slice(2));
    if (!allowed.includes(name)) throw new UsageError(`unknown option --${name} (expected ${allowed.map((a) => `--${a}`).join(", ")})`);
    const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined || value.startsWith("--")) throw new UsageError(`--${name} needs a value`);
    out[name] = value;
  }
  return out;
}
