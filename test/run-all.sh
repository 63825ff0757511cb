#!/usr/bin/env bash
# The whole suite: every test on SQLite, then on PostgreSQL (a throwaway cluster on a
# free loopback port), then the compiled binary's suites (test/binary/) on both. Ends with one line,
# "N passed, N failed", summed over all passes, after the names of any failed tests; exits non-zero if anything failed.
#   bash test/run-all.sh [sqlite] [postgres] [binary]   (default: all three)
# SIGNET_TEST_DATABASE_URL=postgres://… uses that server instead of starting a cluster.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bun=$root/node_modules/.bin/bun
[ -x "$bun" ] || { echo "run-all: $bun is missing; run npm ci first" >&2; exit 1; }

passes=("$@")
[ ${#passes[@]} -gt 0 ] || passes=(sqlite postgres binary)
for p in "${passes[@]}"; do
  case "$p" in sqlite|postgres|binary) ;; *) echo "run-all: unknown pass '$p' (sqlite, postgres, binary)" >&2; exit 2 ;; esac
done

external_pg=${SIGNET_TEST_DATABASE_URL:-}
unset SIGNET_TEST_DATABASE_URL
work=$(mktemp -d "${TMPDIR:-/tmp}/signet-run-all.XXXXXX")
cluster=""
cleanup() {
  if [ -n "$cluster" ]; then bash test/support/pg-cluster.sh stop "$cluster" || true; fi
  rm -rf "$work" ${cluster:+"$cluster"}
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
# run_pass NAME ENV… -- bun test ARGS…: runs bun test with its output shown and kept, then adds its counts.
run_pass() {
  local name=$1; shift
  local env=()
  while [ "$1" != "--" ]; do env+=("$1"); shift; done
  shift
  local log="$work/$name.log" code pass fail
  echo "=== $name ==="
  # bunfig.toml's [test] timeout is not honoured by this Bun, so the flag says it: tests that
  # spawn the CLI or generate RSA keys need more than the 5 s default on a loaded machine.
  env ${env[@]+"${env[@]}"} "$bun" test --timeout 30000 "$@" 2>&1 | tee "$log"
  code=${PIPESTATUS[0]}
  # bun test's own summary: " N pass" and " N fail" (colour codes stripped, in case it was forced).
  pass=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | sed -nE 's/^ *([0-9]+) pass$/\1/p' | tail -1)
  fail=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | sed -nE 's/^ *([0-9]+) fail$/\1/p' | tail -1)
  passed=$((passed + ${pass:-0}))
  failed=$((failed + ${fail:-0}))
  # Each failed test's name, kept for the closing list: CI shows only the log's tail.
  sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\(fail\) ' | sed "s/^/  [$name] /" >> "$work/failures"
  # A run that failed without failing a test (a crash, an error between tests) still counts once.
  if [ "$code" -ne 0 ] && [ "${fail:-0}" -eq 0 ]; then
    echo "run-all: the $name pass exited with $code" >&2
    failed=$((failed + 1))
  fi
}
# A pass that could not run counts as one failure, so the closing line never reads green.
cannot_run() {
  echo "run-all: $1" >&2
  failed=$((failed + 1))
}

mapfile -t suite < <(find test -name '*.test.ts' -not -path 'test/binary/*' -not -path 'test/bench/*' | sort | sed 's|^|./|')

free_port() {
  "$bun" -e 'const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() }); console.log(s.port); s.stop(true);'
}

# Sets pg_url (and cluster, for the exit trap); says what to fix on stderr when it cannot.
start_postgres() {
  if [ -n "$external_pg" ]; then pg_url=$external_pg; return 0; fi
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ]; then
      echo "run-all: PostgreSQL's server binaries are missing: install Debian's postgresql package (sudo apt-get install postgresql), or set SIGNET_TEST_DATABASE_URL=postgres://… to a server you have" >&2
      return 1
    fi
    echo "run-all: installing Debian's postgresql package…" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null; } ||
      { echo "run-all: apt-get install postgresql failed" >&2; return 1; }
  fi
  # Its own directory, not under $work: the postgres user must be able to reach it.
  cluster=$(mktemp -d "${TMPDIR:-/tmp}/signet-pg.XXXXXX")
  local attempt port
  # Another cluster may take the port between the probe and the start: try a few.
  for attempt in 1 2 3; do
    port=$(free_port) || return 1
    if pg_url=$(bash test/support/pg-cluster.sh start "$cluster" "$port"); then return 0; fi
    tail -5 "$cluster/server.log" >&2 2>/dev/null
  done
  echo "run-all: could not start a PostgreSQL cluster (see above)" >&2
  return 1
}

pg_url=""
pg_state=""  # "", "up" or "failed": the cluster is started once, for whichever pass needs it first
ensure_postgres() {
  if [ -z "$pg_state" ]; then
    if start_postgres; then pg_state=up; else pg_state=failed; fi
  fi
  [ "$pg_state" = up ]
}

for p in "${passes[@]}"; do
  case "$p" in
    sqlite)
      run_pass sqlite -- "${suite[@]}"
      ;;
    postgres)
      if ensure_postgres; then
        run_pass postgres "SIGNET_TEST_DATABASE_URL=$pg_url" -- "${suite[@]}"
      else
        cannot_run "the postgres pass did not run"
      fi
      ;;
    binary)
      # What ships: the compiled binary, started from scratch directories, on both dialects.
      echo "=== build ==="
      if "$bun" build/compile.ts "$work/signet"; then
        run_pass binary-sqlite "SIGNET_BINARY=$work/signet" -- ./test/binary/
        if ensure_postgres; then
          run_pass binary-postgres "SIGNET_BINARY=$work/signet" "SIGNET_TEST_DATABASE_URL=$pg_url" -- ./test/binary/
        else
          cannot_run "the binary pass on PostgreSQL did not run"
        fi
      else
        cannot_run "npm run build failed; the binary pass did not run"
      fi
      ;;
  esac
done

echo
if [ -s "$work/failures" ]; then
  echo "failed tests:"
  awk '!seen[$0]++' "$work/failures"  # bun lists a failure again in its summary
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
