#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster on a loopback port, as a non-root user.
#   test/support/pg-cluster.sh start DIR PORT   → prints the server URL
#   test/support/pg-cluster.sh stop DIR
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?cluster directory}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bindir" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
run_as() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
case "$cmd" in
  start)
    port=${3:-55432}
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
      run_as "$bindir/initdb -D '$dir' -U signet --auth=trust -E UTF8 --no-sync >/dev/null"
    fi
    run_as "$bindir/pg_ctl -D '$dir' -l '$dir/server.log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300\" start >/dev/null"
    echo "postgres://signet@127.0.0.1:$port/postgres"
    ;;
  stop)
    run_as "$bindir/pg_ctl -D '$dir' -m fast stop >/dev/null" || true
    ;;
  *) echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2 ;;
esac
