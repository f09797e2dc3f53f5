#!/usr/bin/env bash
# A local pg_auto_failover formation for the sign-up service: a monitor and two data nodes on
# 127.0.0.1, run as the `postgres` user (never as root), the standby synchronous (pg_auto_failover
# keeps it so with two data nodes: a commit is acknowledged once it is on both). Needs Debian's
# postgresql-15-auto-failover and pg-auto-failover-cli (apt-get install -y postgresql-15-auto-failover
# pg-auto-failover-cli).
#
#   eval "$(Scripts/postgres-formation.sh start)"  # exports SIGNUP_FAILOVER_URL, the libpq URI of
#                                                  # both nodes with target_session_attrs=read-write
#   Scripts/postgres-formation.sh uri              # prints that URI again
#   Scripts/postgres-formation.sh state            # the monitor's view of the nodes
#   Scripts/postgres-formation.sh primary          # the primary's name (node_a or node_b)
#   Scripts/postgres-formation.sh failover         # a planned failover (pg_autoctl perform failover)
#   Scripts/postgres-formation.sh crash-primary    # kill -9 of the primary's pg_autoctl and postmaster,
#                                                  # as a lost machine; prints the killed node's name
#   Scripts/postgres-formation.sh restart NODE     # starts a crashed node again (it rejoins as standby)
#   Scripts/postgres-formation.sh stop             # stops everything and deletes the folder
#
# The database `signup` belongs to the role `signup` (trusted on loopback, no password); its table
# failover_probe is for a test's own writes, which tell when a new primary commits.
# FORMATION_PORT (default 56000) is the monitor's port; the nodes node_a and node_b listen on the
# two ports after it. FORMATION_FOLDER (default /tmp/signup-formation-$FORMATION_PORT) holds
# every node's data, configuration and log.
#
# The monitor's health checks are lowered from pg_auto_failover's defaults, so that a crashed
# primary is replaced in about 10 s instead of about 50 s (measured on a 2-core machine):
#   health_check_period 1000 ms (default 5000): how often the monitor connects to each node;
#   health_check_timeout 1000 ms (5000): how long one of those connections may take;
#   health_check_max_retries 1 (2), health_check_retry_delay 500 ms (2000): retries of a failed check;
#   node_considered_unhealthy_timeout 3000 ms (20000): how long a node may fail its checks and
#     not report before the monitor calls it unhealthy and fails over;
#   primary_demote_timeout 5000 ms (30000): how long a demoted primary gets to stop before the
#     standby is promoted anyway.
# Lower still, a busy machine's slow check would be taken for a dead node.
set -euo pipefail
# pg_autoctl stops its services with signals, and does not unblock them: started with signals
# blocked (by a thread of a test process, whose mask a child inherits), it waits forever for a
# service to stop. So the script runs itself again with none blocked.
# (Signals 1 to 16: bash itself blocks SIGCHLD, 17, while it waits for a command.)
blocked="$(awk '/^SigBlk:/ { print $2 }' /proc/$$/status)"
if [ -z "${FORMATION_UNBLOCKED:-}" ] && (( 0x$blocked & 0xffff )); then
    export FORMATION_UNBLOCKED=1
    exec perl -MPOSIX -e 'sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!"; exec @ARGV or die "$!"' \
        /bin/bash "$0" "$@"
fi
# The processes started here keep none of the caller's descriptors (a test's sockets and pipes).
for fd in $(ls /proc/$$/fd); do
    if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
done
command="${1:-start}"
port="${FORMATION_PORT:-56000}"
folder="${FORMATION_FOLDER:-/tmp/signup-formation-$port}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
if ! command -v pg_autoctl >/dev/null || [ -z "$bin" ]; then
    echo "pg_auto_failover is not installed: apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli" >&2
    exit 1
fi
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- env "$@"; else env "$@"; fi
}
# A node's own environment: pg_autoctl keeps its state under XDG folders.
node_env() {
    echo "XDG_CONFIG_HOME=$folder/$1/config" "XDG_DATA_HOME=$folder/$1/state" "PGDATA=$folder/$1/pgdata"
}
node_port() {
    case "$1" in monitor) echo "$port" ;; node_a) echo $((port + 1)) ;; node_b) echo $((port + 2)) ;; esac
}
monitor_sql() {
    as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U autoctl_node -d pg_auto_failover -tAq -c "$1"
}
# Starts `pg_autoctl run` for a node in a session of its own (its keeper, its postmaster and
# the backends), the session's id kept in the folder.
run_node() {
    local run=(env $(node_env "$1") setsid pg_autoctl run --pgdata "$folder/$1/pgdata")
    if [ "$(id -u)" = 0 ]; then
        # runuser forks: the session's leader is its child.
        runuser -u postgres -- "${run[@]}" >>"$folder/$1.log" 2>&1 </dev/null &
        local starter=$! leader=""
        for _ in $(seq 1 100); do
            leader="$(ps -o pid= --ppid "$starter" | tr -d ' ' || true)"
            [ -n "$leader" ] && break
            sleep 0.05
        done
        echo "$leader" >"$folder/$1.session"
    else
        "${run[@]}" >>"$folder/$1.log" 2>&1 </dev/null &
        echo $! >"$folder/$1.session"
    fi
}
# The processes of a node's session.
session_pids() {
    [ -f "$folder/$1.session" ] && ps -o pid= -s "$(cat "$folder/$1.session")" || true
}
# Waits up to $2 seconds for the SQL $1 on the monitor to print t.
wait_for() {
    for _ in $(seq 1 $(($2 * 4))); do
        [ "$(monitor_sql "$1" 2>/dev/null || true)" = t ] && return 0
        sleep 0.25
    done
    echo "formation: not ready after $2 s ($1); logs in $folder" >&2
    exit 1
}
uri() {
    # The URI pg_autoctl prints (postgres://127.0.0.1:P1,127.0.0.1:P2/signup?target_session_attrs=read-write&sslmode=prefer),
    # with the service's user.
    local printed
    printed="$(as_owner pg_autoctl show uri --formation default --monitor \
        "postgres://autoctl_node@127.0.0.1:$port/pg_auto_failover?sslmode=disable")"
    echo "${printed/postgres:\/\//postgres://signup@}"
}
primary() {
    monitor_sql "SELECT nodename FROM pgautofailover.node WHERE reportedstate IN ('primary', 'wait_primary', 'single')
        AND goalstate = reportedstate ORDER BY nodeid LIMIT 1"
}
case "$command" in
start)
    mkdir -p "$folder"
    [ "$(id -u)" = 0 ] && chown postgres: "$folder"
    if [ ! -d "$folder/monitor/pgdata" ]; then
        as_owner $(node_env monitor) pg_autoctl create monitor --pgctl "$bin/pg_ctl" --pgdata "$folder/monitor/pgdata" \
            --pgport "$port" --hostname 127.0.0.1 --auth trust --no-ssl >>"$folder/monitor.log" 2>&1 \
            || { cat "$folder/monitor.log" >&2; exit 1; }
    fi
    run_node monitor
    wait_for "SELECT true FROM pgautofailover.formation LIMIT 1" 60
    for setting in health_check_period=1000 health_check_timeout=1000 health_check_max_retries=1 \
        health_check_retry_delay=500 node_considered_unhealthy_timeout=3000 primary_demote_timeout=5000; do
        as_owner "$bin/psql" -h /var/run/postgresql -p "$port" -d pg_auto_failover -tAq \
            -c "ALTER SYSTEM SET pgautofailover.${setting%%=*} = ${setting#*=}"
    done
    as_owner "$bin/psql" -h /var/run/postgresql -p "$port" -d pg_auto_failover -tAq -c "SELECT pg_reload_conf()" >/dev/null
    monitor_url="postgres://autoctl_node@127.0.0.1:$port/pg_auto_failover?sslmode=disable"
    for node in node_a node_b; do
        if [ ! -d "$folder/$node/pgdata" ]; then
            as_owner $(node_env "$node") pg_autoctl create postgres --pgctl "$bin/pg_ctl" \
                --pgdata "$folder/$node/pgdata" --pgport "$(node_port "$node")" --listen 127.0.0.1 \
                --hostname 127.0.0.1 --name "$node" --dbname signup --monitor "$monitor_url" \
                --auth trust --no-ssl >>"$folder/$node.log" 2>&1 || { cat "$folder/$node.log" >&2; exit 1; }
        fi
        run_node "$node"
        if [ "$node" = node_a ]; then
            wait_for "SELECT true FROM pgautofailover.node WHERE nodename = 'node_a'
                AND reportedstate IN ('single', 'primary', 'wait_primary') AND goalstate = reportedstate" 90
        fi
    done
    wait_for "SELECT count(*) = 2 FROM pgautofailover.node WHERE reportedstate IN ('primary', 'secondary')
        AND goalstate = reportedstate" 120
    # The service's own role, owner of its database (replicated to the standby with the rest).
    lead="$(primary)"
    as_owner "$bin/psql" -h 127.0.0.1 -p "$(node_port "$lead")" -d signup -tAq -c \
        "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'signup') THEN CREATE ROLE signup LOGIN; END IF; END \$\$;
         ALTER DATABASE signup OWNER TO signup; ALTER SCHEMA public OWNER TO signup;
         CREATE TABLE IF NOT EXISTS failover_probe (at timestamptz NOT NULL DEFAULT now());
         ALTER TABLE failover_probe OWNER TO signup;" >/dev/null
    echo "export SIGNUP_FAILOVER_URL='$(uri)'"
    ;;
uri)
    uri
    ;;
primary)
    primary
    ;;
state)
    as_owner pg_autoctl show state --monitor "postgres://autoctl_node@127.0.0.1:$port/pg_auto_failover?sslmode=disable"
    ;;
failover)
    # It may print a spurious get_nodes ERROR and still complete: its outcome is the monitor's.
    as_owner pg_autoctl perform failover --monitor "postgres://autoctl_node@127.0.0.1:$port/pg_auto_failover?sslmode=disable" \
        --wait 60 >>"$folder/failover.log" 2>&1 || true
    wait_for "SELECT count(*) = 2 FROM pgautofailover.node WHERE reportedstate IN ('primary', 'secondary')
        AND goalstate = reportedstate" 60
    primary
    ;;
crash-primary)
    # A lost machine: the node's pg_autoctl (its whole session) and its postmaster with its
    # backends, all at once; killing only the postmaster lets the keeper restart it.
    node="$(primary)"
    # shellcheck disable=SC2046
    kill -9 $(session_pids "$node") 2>/dev/null || true
    echo "$node"
    ;;
restart)
    run_node "${2:?restart needs a node name}"
    ;;
stop)
    for node in node_b node_a monitor; do
        # shellcheck disable=SC2046
        kill -TERM $(session_pids "$node") 2>/dev/null || true
    done
    for node in node_b node_a monitor; do
        for _ in $(seq 1 40); do
            [ -n "$(session_pids "$node")" ] || break
            sleep 0.25
        done
        # shellcheck disable=SC2046
        kill -9 $(session_pids "$node") 2>/dev/null || true
    done
    for _ in 1 2 3 4 5; do rm -rf "$folder" 2>/dev/null && break; sleep 0.5; done
    ;;
*)
    echo "usage: $0 start|uri|state|primary|failover|crash-primary|restart NODE|stop" >&2
    exit 2
    ;;
esac
