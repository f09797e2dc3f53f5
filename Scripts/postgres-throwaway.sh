#!/usr/bin/env bash
# A throwaway PostgreSQL server for the sign-up service's tests and benchmark: a new cluster in a
# folder of its own, listening on 127.0.0.1 only, trusting local connections, without fsync (its
# data is thrown away) unless PGDURABLE=1. Run as root, it runs the server as the `postgres` user (never as root);
# otherwise as the current user. Needs Debian's postgresql package (apt-get install postgresql-15).
#
#   eval "$(Scripts/postgres-throwaway.sh start)"   # exports SIGNUP_POSTGRES_URL, prints nothing else
#   Scripts/postgres-throwaway.sh stop              # stops it and deletes the folder
#   Scripts/postgres-throwaway.sh halt              # stops it at once (immediate mode), as a crash
#                                                   # would; `start` brings it back on its data
#
# PGPORT (default 55432) and PGFOLDER (default /tmp/signup-postgres-$PGPORT) choose where.
# PGDURABLE=1 keeps PostgreSQL's production durability (fsync, synchronous_commit and full page
# writes on), for the tests that halt the server and count on every acknowledged commit.
set -euo pipefail
# The server started here keeps none of its caller's descriptors (a test process's sockets and
# pipes): a daemon holding them open would keep the caller waiting for its child forever.
for fd in $(ls /proc/$$/fd); do
    if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
done
command="${1:-start}"
port="${PGPORT:-55432}"
folder="${PGFOLDER:-/tmp/signup-postgres-$port}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
if [ -z "$bin" ]; then
    echo "PostgreSQL is not installed: apt-get install postgresql-15" >&2
    exit 1
fi
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$command" in
start)
    if [ ! -d "$folder/data" ]; then
        mkdir -p "$folder"
        [ "$(id -u)" = 0 ] && chown postgres: "$folder"
        as_owner "$bin/initdb" -D "$folder/data" -U signup --auth=trust -E UTF8 --no-locale >"$folder/initdb.log" 2>&1 \
            || { cat "$folder/initdb.log" >&2; exit 1; }
    fi
    speed="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [ "${PGDURABLE:-0}" = 1 ] && speed=""
    if ! as_owner "$bin/pg_ctl" -D "$folder/data" status >/dev/null 2>&1; then
        as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -o \
            "-p $port -k $folder -c listen_addresses=127.0.0.1 -c max_connections=300 $speed" \
            start >/dev/null || { cat "$folder/server.log" >&2; exit 1; }
    fi
    as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U signup -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'signup'" | grep -q 1 \
        || as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U signup signup
    echo "export SIGNUP_POSTGRES_URL=postgres://signup@127.0.0.1:$port/signup"
    ;;
halt)
    as_owner "$bin/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null
    ;;
stop)
    if [ -d "$folder/data" ]; then
        as_owner "$bin/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null 2>&1 || true
        rm -rf "$folder"
    fi
    ;;
*)
    echo "usage: $0 start|stop|halt" >&2
    exit 2
    ;;
esac
