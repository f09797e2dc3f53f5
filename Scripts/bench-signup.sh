#!/usr/bin/env bash
# The sign-up service under load, through Kii's routes, as a Kii SDK sends a sign-up
# (POST /api/apps/{appID}/users with X-Kii-AppID, X-Kii-AppKey and Kii's content type): wrk on
# loopback against the release build, one database at a time (an SQLite file, then a throwaway
# PostgreSQL), each route beside the one that bounds it, in the same run:
#   - GET /bench/trivial (a fixed answer through the same server) and rejected sign-ups (400);
#   - POST /bench/insert (the body collected, one row inserted through the same pool in one
#     transaction) and accepted sign-ups (201) at bcrypt cost BENCH_BCRYPT_COST (4 by default;
#     PASSWORD_HASH=bcrypt, so that the rows compare with earlier runs' while the service's default
#     is Argon2id), then the same sign-ups with one fixed hash stored instead (BENCH_NO_HASHING=1).
# The server is signup-service-bench: the service itself plus what only the benchmark builds (the
# two baseline routes, a timer of each request inside the server read from GET /bench/stats, the
# fixed hash). KiiIdentity's share of a rejected sign-up is the library's time for that body
# (kii-identity-bench's row "rejected sign-up (the library's share)", measured in this run: the
# body read and judged, the error body written) over the server's time a rejected request. The
# server's time is timed twice: by the wall clock, and by the CPU time of the request's thread
# (the measure of the library's row, which the machine's other threads do not inflate).
# SECONDS_PER_RUN (10), CONNECTIONS (16) and THREADS (1) shape the load.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${SECONDS_PER_RUN:-10}"
connections="${CONNECTIONS:-16}"
threads="${THREADS:-1}"
cost="${BENCH_BCRYPT_COST:-4}"
export BENCH_LUA_FOLDER="$PWD/Scripts/bench-signup"
export KII_APP_ID=benchapp KII_APP_KEY=benchapp-key
# Kii's password rule, as the figures were always measured (accepted.lua signs up with a
# Kii-sized password); the service's default is NIST SP 800-63B-4.
export PASSWORD_POLICY=kii
# wrk signs up thousands of users a second from 127.0.0.1: the per-address sign-up limits
# (10 and 30 a minute by default) would measure 429s.
export ADDRESS_SIGNUPS_PER_MINUTE=1000000 ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE=1000000

if ! command -v wrk >/dev/null; then
    SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
    $SUDO apt-get install -y wrk >/dev/null
fi
swift build -c release --package-path Examples/SignUpService --scratch-path Examples/SignUpService/.build \
    --product signup-service-bench >/dev/null
binary=Examples/SignUpService/.build/release/signup-service-bench
rm -f .build-bench/release/description.json
swift build -c release --package-path Benchmarks --scratch-path .build-bench --product kii-identity-bench >/dev/null

# The library's time for the rejected body, in nanoseconds (the median of 9 rounds), measured
# first, on a machine with nothing else running yet (no database, no server).
library_ns="$(.build-bench/release/kii-identity-bench --filter "rejected sign-up" --json --no-batch | python3 -c '
import json, sys
figures = json.load(sys.stdin)
for scenario in figures["scenarios"]:
    for contender in scenario["contenders"]:
        if contender["role"] == "engine":
            print(round(contender["nanosecondsPerOperation"]))
')"

work="$(mktemp -d /tmp/bench-signup.XXXXXX)"
ratios=()
[ "$(id -u)" = 0 ] && chmod 755 "$work"
service_pid=""
cleanup() {
    [ -n "$service_pid" ] && kill "$service_pid" 2>/dev/null && wait "$service_pid" 2>/dev/null
    PGPORT="${BENCH_PGPORT:-55442}" PGFOLDER="$work/postgres" Scripts/postgres-throwaway.sh stop
    rm -rf "$work"
}
trap cleanup EXIT
postgres_url="$(PGPORT="${BENCH_PGPORT:-55442}" PGFOLDER="$work/postgres" Scripts/postgres-throwaway.sh start \
    | sed 's/^export SIGNUP_POSTGRES_URL=//')"


start_service() {
    : >"$work/service.out"
    DATABASE_URL="$1" PORT=0 PASSWORD_HASH=bcrypt BCRYPT_COST="$cost" BENCH_NO_HASHING="${2:-0}" \
        "$binary" >"$work/service.out" 2>"$work/service.err" &
    service_pid=$!
    for _ in $(seq 1 300); do
        port="$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/service.out")"
        [ -n "$port" ] && return 0
        sleep 0.1
    done
    echo "the service did not start:" >&2
    cat "$work/service.err" >&2
    exit 1
}

stop_service() {
    kill "$service_pid"
    wait "$service_pid" || true
    service_pid=""
}

# One wrk run: sets the variable named by its first argument to
# "requests/s|p50|p99|non-2xx|server µs a request|KiiIdentity's share|its thread's CPU µs a
# request". Each run has its own number, which makes its sign-ups' identities (so it runs in this
# shell, not in a subshell, where the count would be lost and two runs on one database would
# collide).
run=0
measure() {
    local result="$1" path="$2" script="$3" share="${4:-}"
    run=$((run + 1))
    curl -s "http://127.0.0.1:$port/bench/stats?reset=1" >/dev/null
    wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$BENCH_LUA_FOLDER/$script" \
        "http://127.0.0.1:$port$path" -- "$run" >"$work/wrk.txt"
    curl -s "http://127.0.0.1:$port/bench/stats" >"$work/stats.json"
    printf -v "$result" '%s' "$(python3 - "$work/wrk.txt" "$work/stats.json" "$share" "$library_ns" <<'PYTHON'
import json, re, sys
wrk = open(sys.argv[1]).read()
stats = json.load(open(sys.argv[2]))
rps = re.search(r"Requests/sec:\s+([\d.]+)", wrk).group(1)
p50 = re.search(r"\n\s+50%\s+(\S+)", wrk).group(1)
p99 = re.search(r"\n\s+99%\s+(\S+)", wrk).group(1)
bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", wrk)
server_ns = stats["nanoseconds"] / max(stats["requests"], 1)
cpu_ns = stats["cpuNanoseconds"] / max(stats["cpuRequests"], 1)
one_thread = 100 * stats["cpuRequests"] / max(stats["requests"], 1)
share = "-"
if sys.argv[3]:
    library_ns = float(sys.argv[4])
    share = f"{library_ns / 1000:.2f} µs ({100 * library_ns / server_ns:.0f}%)"
print("|".join([
    f"{float(rps):,.0f}", p50, p99, bad.group(1) if bad else "0", f"{server_ns / 1000:.1f} µs", share,
    f"{cpu_ns / 1000:.1f} µs ({one_thread:.0f}% on one thread)",
]))
PYTHON
)"
}

# The percentiles GET /bench/login-limits/stats answered, in words.
limit_figures() {
    python3 - "$1" <<'PYTHON'
import json, sys
s = json.loads(sys.argv[1])
print("p50 %s µs, p99 %s µs, max %s µs over %s checks"
      % (s["p50Microseconds"], s["p99Microseconds"], s["maxMicroseconds"], format(s["checks"], ",")))
PYTHON
}

# The requests a second of one measure's output.
rate() { echo "${1%%|*}" | tr -d ,; }

warm() {
    wrk -t"$threads" -c"$connections" -d2s -s "$BENCH_LUA_FOLDER/$2" "http://127.0.0.1:$port$1" -- 9 >/dev/null
}

# A table row; the CPU column only for a route that does not wait for the database (a request
# that waits lets its thread run others, whose CPU the timer would count as its own).
row() {
    local rps p50 p99 bad server share cpu
    IFS='|' read -r rps p50 p99 bad server share cpu <<<"$3"
    [ "${4:-}" = cpu ] || cpu="-"
    echo "| $1 | $2 | $rps | $p50 | $p99 | $bad | $server | $cpu | $share |"
}

users="/api/apps/$KII_APP_ID/users"
echo "| database | route | requests/s | p50 | p99 | non-2xx | in the server a request | its thread's CPU a request | KiiIdentity a request (share) |"
echo "|---|---|---|---|---|---|---|---|---|"
for database in sqlite postgres; do
    if [ "$database" = sqlite ]; then start_service "sqlite:$work/bench.sqlite"; else start_service "$postgres_url"; fi
    warm /bench/trivial trivial.lua
    warm "$users" rejected.lua
    measure trivial /bench/trivial trivial.lua
    measure rejected "$users" rejected.lua share
    warm /bench/insert insert.lua
    measure insert /bench/insert insert.lua
    measure accepted "$users" accepted.lua
    # A login's limit check alone, timed inside the server (LoginLimitTimer) under the same load.
    warm /bench/login-limits login-limits.lua
    curl -s "http://127.0.0.1:$port/bench/login-limits/stats?reset=1" >/dev/null
    measure limits /bench/login-limits login-limits.lua
    limit_stats="$(curl -s "http://127.0.0.1:$port/bench/login-limits/stats?reset=1")"
    # The same check followed by a failed login's password check (bcrypt cost $cost): the check
    # under a login's load, not the database's saturation.
    measure logins "/bench/login-limits?verify=1" login-limits.lua
    login_limit_stats="$(curl -s "http://127.0.0.1:$port/bench/login-limits/stats")"
    stop_service
    # The same sign-ups with one fixed hash stored instead of bcrypt: the rest of an accepted
    # sign-up beside the bare insert.
    if [ "$database" = sqlite ]; then start_service "sqlite:$work/bench-no-hash.sqlite" 1; else start_service "$postgres_url" 1; fi
    measure unhashed "$users" accepted.lua
    stop_service
    row "$database" "GET /bench/trivial" "$trivial" cpu
    row "$database" "POST $users, rejected (400, five problems)" "$rejected" cpu
    row "$database" "POST /bench/insert (one row, one transaction)" "$insert"
    row "$database" "POST $users, accepted (201, bcrypt cost $cost)" "$accepted"
    row "$database" "POST $users, accepted (201, no hashing)" "$unhashed"
    row "$database" "POST /bench/login-limits (a login's limit check)" "$limits"
    row "$database" "POST /bench/login-limits?verify=1 (the check, then a password check)" "$logins"
    percent() { awk -v a="$(rate "$1")" -v b="$(rate "$2")" 'BEGIN { printf "%.0f%%", 100 * a / b }'; }
    # A rejected sign-up in the server against what it is made of: the trivial route (the framework)
    # plus KiiIdentity's share of the same body (the issue's target: at most 3x). Judged on CPU
    # time, the measure of the library's share (kii-identity-bench times its thread's CPU); the
    # wall clock's ratio, which grows with the machine's load, is printed beside it.
    bound() {
        python3 -c 'import sys; r, t, l = (float(x) for x in sys.argv[1:]); print(f"{r / (t + l / 1000):.2f}x")' \
            "$(echo "$1" | cut -d'|' -f"$3" | cut -d' ' -f1)" "$(echo "$2" | cut -d'|' -f"$3" | cut -d' ' -f1)" \
            "$library_ns"
    }
    ratios+=("$database: rejected / trivial $(percent "$rejected" "$trivial"), accepted / insert $(percent "$accepted" "$insert"), accepted without hashing / insert $(percent "$unhashed" "$insert"); rejected in the server / (trivial in the server + KiiIdentity's share): CPU $(bound "$rejected" "$trivial" 7) (at most 3x), wall clock $(bound "$rejected" "$trivial" 5)")
    ratios+=("$database: a login's limit check in the server (throttle statement, remembered-address read, gate upsert), alone at $connections connections: $(limit_figures "$limit_stats"); under a failed login's load (the check, then bcrypt cost $cost): $(limit_figures "$login_limit_stats") (issue 51: p99 at most 1 ms on PostgreSQL)")
done
echo
printf '%s\n' "${ratios[@]}"
echo "KiiIdentity's share of a rejected sign-up: ${library_ns} ns (kii-identity-bench, this run)"
echo "($connections connections, $threads wrk thread(s), ${seconds} s a run, $(nproc) cores shared with wrk and the database)"
