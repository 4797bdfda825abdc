#!/usr/bin/env bash
# Soak test of the embedded API server and a watching client: starts
#   java -jar informer-examples/target/informer-examples.jar serve --port P
#   java -jar informer-examples/target/informer-examples.jar watch --server URL
# drives writes against the server (loopback only, with curl) at a steady rate, and prints every
# few seconds the elapsed time, the resident memory (VmRSS) and thread count (Threads) of both
# processes from /proc/PID/status, and the writes done so far. Stops by itself after the duration
# and kills what it started (also on Ctrl-C or an error).
#
#   benchmarks/soak.sh [--duration 8m] [--rate 20] [--interval 10] [--port 0] [--jar PATH]
#   benchmarks/soak.sh --smoke          # 60 s at the same rate, a quick check
#
# --duration  how long to write: N (seconds), Ns, Nm (default 8m)
# --rate      write requests per second (default 20): merge patches of 100 pods, plus a create and
#             a delete of a short-lived pod every 20th write
# --interval  seconds between report lines (default 10)
# --port      the server's port on 127.0.0.1 (default 0: a free one)
# --jar       the examples jar (default informer-examples/target/informer-examples.jar; build it
#             with: mvn -B -q -o -pl informer-examples -am package -DskipTests)
# Environment: JAVA (default java), SERVER_JAVA_OPTS and CLIENT_JAVA_OPTS (default none) are
# passed to the two JVMs. Linux only (/proc).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=8m
rate=20
interval=10
port=0
jar=informer-examples/target/informer-examples.jar
while [[ $# -gt 0 ]]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --rate) rate="$2"; shift 2 ;;
    --interval) interval="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    --smoke) duration=60; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "soak.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

to_seconds() {
  case "$1" in
    *m) echo $(( ${1%m} * 60 )) ;;
    *s) echo "${1%s}" ;;
    *) echo "$1" ;;
  esac
}
seconds="$(to_seconds "$duration")"
if ! [[ "$seconds" =~ ^[0-9]+$ && "$seconds" -gt 0 ]]; then
  echo "soak.sh: --duration must be N, Ns or Nm, got '$duration'" >&2; exit 2
fi
if ! [[ "$rate" =~ ^[0-9]+$ && "$rate" -gt 0 && "$rate" -le 1000 ]]; then
  echo "soak.sh: --rate must be 1..1000, got '$rate'" >&2; exit 2
fi
if ! [[ "$interval" =~ ^[0-9]+$ && "$interval" -gt 0 ]]; then
  echo "soak.sh: --interval must be a positive number of seconds, got '$interval'" >&2; exit 2
fi
if [[ ! -f "$jar" ]]; then
  echo "soak.sh: no jar at $jar; build it: mvn -B -q -o -pl informer-examples -am package -DskipTests" >&2
  exit 2
fi

java="${JAVA:-java}"
work="$(mktemp -d)"
server_pid=""
client_pid=""
cleanup() {
  for pid in $client_pid $server_pid; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
    fi
  done
  for pid in $client_pid $server_pid; do
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# shellcheck disable=SC2086
"$java" ${SERVER_JAVA_OPTS:-} -jar "$jar" serve --port "$port" >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
url=""
for _ in $(seq 300); do
  url="$(sed -n 's/^url: //p' "$work/server.out" | head -1)"
  [[ -n "$url" ]] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err" >&2; echo "soak.sh: serve exited" >&2; exit 1; }
  sleep 0.1
done
[[ -n "$url" ]] || { echo "soak.sh: serve printed no url within 30 s" >&2; exit 1; }
case "$url" in
  http://127.0.0.1:*) ;;
  *) echo "soak.sh: refusing a non-loopback server url: $url" >&2; exit 1 ;;
esac

# shellcheck disable=SC2086
"$java" ${CLIENT_JAVA_OPTS:-} -jar "$jar" watch --server "$url" >"$work/client.out" 2>"$work/client.err" &
client_pid=$!

pods="$url/api/v1/namespaces/default/pods"
pod_json() {
  printf '{"metadata":{"name":"%s","labels":{"app":"soak"}},"spec":{"containers":[{"name":"c","image":"busybox"}]}}' "$1"
}
for i in $(seq 0 99); do
  curl -sS -o /dev/null -m 5 -H 'Content-Type: application/json' -d "$(pod_json "soak-$i")" "$pods"
done

status_field() { # pid field -> value (kB for VmRSS), or "-" when the process is gone
  awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status" 2>/dev/null || echo "-"
}
report() {
  local elapsed="$1" srss scount crss ccount
  srss="$(status_field "$server_pid" VmRSS)"; scount="$(status_field "$server_pid" Threads)"
  crss="$(status_field "$client_pid" VmRSS)"; ccount="$(status_field "$client_pid" Threads)"
  printf '%6ss  server rss %6s MB threads %4s | client rss %6s MB threads %4s | writes %6d errors %d\n' \
    "$elapsed" "$(mb "$srss")" "$scount" "$(mb "$crss")" "$ccount" "$writes" "$errors"
}
mb() { [[ "$1" =~ ^[0-9]+$ ]] && echo $(( $1 / 1024 )) || echo "-"; }

echo "soak: server pid $server_pid at $url, client pid $client_pid; $seconds s at $rate writes/s, a line every $interval s"
writes=0
errors=0
start_ns="$(date +%s%N)"
period_ns=$(( 1000000000 / rate ))
next_ns=$start_ns
paced=0
next_report=$interval
report 0
while :; do
  now_ns="$(date +%s%N)"
  elapsed_ns=$(( now_ns - start_ns ))
  elapsed=$(( elapsed_ns / 1000000000 ))
  (( elapsed_ns >= seconds * 1000000000 )) && break
  if (( elapsed >= next_report )); then
    report "$elapsed"
    next_report=$(( next_report + interval ))
  fi
  kill -0 "$server_pid" 2>/dev/null || { echo "soak.sh: the server died" >&2; cat "$work/server.err" >&2; exit 1; }
  kill -0 "$client_pid" 2>/dev/null || { echo "soak.sh: the client died" >&2; tail -20 "$work/client.err" >&2; exit 1; }
  if (( writes % 20 == 19 )); then
    name="soak-tmp-$writes"
    if curl -sS -o /dev/null -m 5 -f -H 'Content-Type: application/json' -d "$(pod_json "$name")" "$pods" \
        && curl -sS -o /dev/null -m 5 -f -X DELETE "$pods/$name?gracePeriodSeconds=0"; then :; else errors=$((errors + 1)); fi
    writes=$(( writes + 2 ))
  else
    body="{\"metadata\":{\"labels\":{\"gen\":\"$writes\"}}}"
    curl -sS -o /dev/null -m 5 -f -X PATCH -H 'Content-Type: application/merge-patch+json' \
      -d "$body" "$pods/soak-$(( writes % 100 ))" || errors=$((errors + 1))
    writes=$(( writes + 1 ))
  fi
  # Pace to the rate: sleep until the next write's slot; after a stall of more than a second,
  # go on at the rate from now instead of bursting to catch up.
  next_ns=$(( next_ns + (writes - paced) * period_ns ))
  paced=$writes
  now_ns="$(date +%s%N)"
  if (( next_ns < now_ns - 1000000000 )); then
    next_ns=$now_ns
  elif (( next_ns > now_ns )); then
    d=$(( next_ns - now_ns ))
    sleep "$(( d / 1000000000 )).$(printf '%09d' $(( d % 1000000000 )))"
  fi
done
report "$(( ($(date +%s%N) - start_ns) / 1000000000 ))"
echo "soak: client saw $(wc -l <"$work/client.out") output lines; stopping"
