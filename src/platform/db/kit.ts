/**
 * The schema kit: every table is declared once and materialised for both dialects.
 *
 * A declaration is typed as the SQLite table (so services get drizzle's full typing),
 * while at run time the exported object forwards to the table of the active dialect.
 * A process opens exactly one database, so the active dialect is chosen once, by
 * `openDatabase`, before any query runs.
 *
 * Column kinds behave the same on both dialects: ids and text are strings, int and
 * time are numbers (time is epoch milliseconds, a bigint column on PostgreSQL), bool
 * is a boolean and json is a parsed value (jsonb on PostgreSQL).
 */
import { isNotNull } from "drizzle-orm";
import {
  integer as sqliteInteger,
  sqliteTable,
  text as sqliteText,
  index as sqliteIndex,
  uniqueIndex as sqliteUniqueIndex,
  type SQLiteBooleanBuilderInitial,
  type SQLiteColumnBuilderBase,
  type SQLiteIntegerBuilderInitial,
  type SQLiteTextBuilderInitial,
  type SQLiteTextJsonBuilderInitial,
} from "drizzle-orm/sqlite-core";
import {
  bigint as pgBigint,
  boolean as pgBoolean,
  integer as pgInteger,
  jsonb as pgJsonb,
  pgTable,
  text as pgText,
  index as pgIndex,
  uniqueIndex as pgUniqueIndex,
} from "drizzle-orm/pg-core";

export type Dialect = "sqlite" | "postgres";

let activeDialect: Dialect = "sqlite";

/** Chooses which materialisation every kit table forwards to. */
export function setActiveDialect(dialect: Dialect): void {
  activeDialect = dialect;
}

export function getActiveDialect(): Dialect {
  return activeDialect;
}

type ColumnKind = "text" | "int" | "bigint" | "bool" | "json" | "time";

/** A column as declared: its kind plus the modifiers called on it, replayed per dialect. */
class ColumnRecipe {
  readonly calls: Array<[string, unknown[]]> = [];
  constructor(
    readonly kind: ColumnKind,
    readonly name: string | undefined,
  ) {}
}

// Each modifier is recorded and returns the recipe, so chains read like drizzle's.
for (const method of ["notNull", "primaryKey", "unique", "default", "$defaultFn", "$onUpdateFn", "references", "$type"]) {
  (ColumnRecipe.prototype as any)[method] = function (this: ColumnRecipe, ...args: unknown[]) {
    this.calls.push([method, args]);
    return this;
  };
}

function recipe<T>(kind: ColumnKind, name?: string): T {
  return new ColumnRecipe(kind, name) as unknown as T;
}

// The declared types are drizzle's SQLite builders; the values are recipes.
type TextBuilder = SQLiteTextBuilderInitial<"", [string, ...string[]], undefined>;
type IntBuilder = SQLiteIntegerBuilderInitial<"">;
type BoolBuilder = SQLiteBooleanBuilderInitial<"">;
type JsonBuilder = SQLiteTextJsonBuilderInitial<"">;
const typedText = (name?: string) => recipe<TextBuilder>("text", name);
const typedInt = (name?: string) => recipe<IntBuilder>("int", name);
const typedBool = (name?: string) => recipe<BoolBuilder>("bool", name);

export const col = {
  /** A string primary key (a uuid or a kind-prefixed id). */
  id: (name?: string) => typedText(name).primaryKey(),
  text: typedText,
  int: typedInt,
  /** A 64-bit integer read as a JS number (safe up to 2^53). */
  bigint: (name?: string) => recipe<IntBuilder>("bigint", name),
  bool: typedBool,
  /** Epoch milliseconds. */
  time: (name?: string) => recipe<IntBuilder>("time", name),
  json: <T>(name?: string) => recipe<JsonBuilder>("json", name).$type<T>(),
};

function sqliteColumn(r: ColumnRecipe, name: string): any {
  switch (r.kind) {
    case "text":
      return sqliteText(name);
    case "int":
    case "bigint":
    case "time":
      return sqliteInteger(name, { mode: "number" });
    case "bool":
      return sqliteInteger(name, { mode: "boolean" });
    case "json":
      return sqliteText(name, { mode: "json" });
  }
}

function pgColumn(r: ColumnRecipe, name: string): any {
  switch (r.kind) {
    case "text":
      return pgText(name);
    case "int":
      return pgInteger(name);
    case "bigint":
    case "time":
      return pgBigint(name, { mode: "number" });
    case "bool":
      return pgBoolean(name);
    case "json":
      return pgJsonb(name);
  }
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function build(r: ColumnRecipe, key: string, dialect: Dialect): any {
  const name = r.name ?? snakeCase(key);
  let column = dialect === "sqlite" ? sqliteColumn(r, name) : pgColumn(r, name);
  for (const [method, args] of r.calls) column = column[method](...args);
  return column;
}

export interface IndexDeclaration<K extends string> {
  name: string;
  on: K[];
  unique?: boolean;
  /**
   * A partial index of the rows whose first column is set. For a mostly-NULL column: SQLite's
   * statistics count the NULLs as one value, so a full index looks unselective to its planner
   * and an equality on the column is answered by a scan (docs/performance.md).
   */
  whereFirstNotNull?: boolean;
}

type SqliteTableOf<N extends string, C extends Record<string, SQLiteColumnBuilderBase>> = ReturnType<
  typeof sqliteTable<N, C>
>;

/** Every kit table, in declaration order, for migration generation. */
export const declaredTables: Array<{ name: string; sqlite: unknown; postgres: unknown }> = [];

/** The name of each table value `table()` returned, so module manifests can name what they own. */
const kitTableNames = new WeakMap<object, string>();

/** The table's name when `value` is a kit table, else null. */
export function kitTableName(value: unknown): string | null {
  return typeof value === "object" && value !== null ? (kitTableNames.get(value) ?? null) : null;
}

/**
 * Declares a table once. `indexes` name their columns by key, so one list serves both
 * dialects.
 */
export function table<N extends string, C extends Record<string, SQLiteColumnBuilderBase>>(
  name: N,
  columns: C,
  indexes: IndexDeclaration<Extract<keyof C, string>>[] = [],
): SqliteTableOf<N, C> {
  const materialise = (dialect: Dialect) => {
    const cols = Object.fromEntries(
      Object.entries(columns).map(([key, r]) => [key, build(r as unknown as ColumnRecipe, key, dialect)]),
    );
    const extra = (t: any) =>
      indexes.map((ix) => {
        const make =
          dialect === "sqlite"
            ? ix.unique ? sqliteUniqueIndex : sqliteIndex
            : ix.unique ? pgUniqueIndex : pgIndex;
        const [first, ...rest] = ix.on.map((k) => t[k]);
        const index = (make as any)(ix.name).on(first, ...rest);
        return ix.whereFirstNotNull ? index.where(isNotNull(first)) : index;
      });
    return dialect === "sqlite" ? sqliteTable(name, cols, extra) : pgTable(name, cols, extra);
  };
  const tables = { sqlite: materialise("sqlite"), postgres: materialise("postgres") };
  declaredTables.push({ name, ...tables });
  const active = () => tables[activeDialect] as object;
  const proxy = new Proxy({} as object, {
    get: (_, prop) => Reflect.get(active(), prop),
    has: (_, prop) => Reflect.has(active(), prop),
    ownKeys: () => Reflect.ownKeys(active()),
    getOwnPropertyDescriptor: (_, prop) => {
      const d = Reflect.getOwnPropertyDescriptor(active(), prop);
      return d ? { ...d, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(active()),
  });
  kitTableNames.set(proxy, name);
  return proxy as SqliteTableOf<N, C>;
}
