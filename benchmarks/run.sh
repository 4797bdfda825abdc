#!/usr/bin/env bash
# Builds the benchmarks jar and runs every benchmark, ours and the Java peers side by side in one
# JMH run, then writes the results table benchmarks/results/<date>-<machine>.md (and the raw JMH
# JSON next to it).
#
#   benchmarks/run.sh [--quick] [extra JMH arguments, e.g. a benchmark regex]
#
# --quick: 1 fork, 1 warmup + 3 measurement iterations of 1 s, smaller end-to-end sizes (10,000
#          pods end to end; stores keep 10,000 objects; the slow-listener stream stays 100,000 events);
#          under 10 minutes on 2 cores.
# Without it each benchmark's own settings apply: throughput and average-time benchmarks 3 forks x
# (3 warmup + 10 measurement iterations of 1 s); dispatch in SampleTime with 5 forks; end to end 5
# warmup + 15 measured syncs on a fixed, pre-touched heap; 10k and 50k pods. About 70 minutes on 2
# cores. The table gives every ratio with a 95% bootstrap interval and calls a goal met only when
# the interval clears it.
#
# Environment: INFORMER_BUILD_DIR (default "target") is the Maven build folder, BENCH_MACHINE names
# the machine in the file name (default: the host name), BENCH_NOTE adds a note to the header.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=full
if [[ "${1:-}" == "--quick" ]]; then
  mode=quick
  shift
fi
build_dir="${INFORMER_BUILD_DIR:-target}"
machine="${BENCH_MACHINE:-$(hostname -s 2>/dev/null || echo unknown)}"
day="$(date +%F)"

mvn -B -q package -DskipTests -pl benchmarks -am -Dinformer.buildDir="$build_dir"
jar="benchmarks/$build_dir/benchmarks.jar"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ "$mode" == quick ]]; then
  settings="quick: 1 fork, 1 warmup + 3 measurement iterations of 1 s (end-to-end sync: 1 + 3 syncs), pods=10000 (not 50k); store sizes as in full (10,000): time-based iterations cost no more with them, and smaller stores hide the peers' per-bucket costs. 3 iterations make wide intervals, so few goals can be called met"
  jmh_args=(-f 1 -wi 1 -w 1s -i 3 -r 1s -p pods=10000 -e PeerDispatchBenchmark)
else
  settings="full: each benchmark's own @Fork/@Warmup/@Measurement and @Param sizes (throughput/average time: 3 forks x 10 iterations of 1 s after 3 warmups; dispatch: SampleTime, 5 forks; end to end: 5 warmup + 15 measured syncs, fixed pre-touched 6 GiB heap)"
  # DispatchBenchmark runs the peers too (impl), back to back with ours; the Peer class is for running them alone.
  jmh_args=(-e PeerDispatchBenchmark)
fi

java -jar "$jar" ${jmh_args[@]+"${jmh_args[@]}"} -prof gc -rf json -rff "$work/results.json" "$@" 2>&1 | tee "$work/jmh.log"

mkdir -p benchmarks/results
out="benchmarks/results/$day-$machine.md"
cp "$work/results.json" "benchmarks/results/$day-$machine.json"
java -cp "$jar" dev.informer.benchmarks.ResultsTable --json "$work/results.json" \
  --out "$out" --machine "$machine" --mode "$mode" --settings "$settings" \
  --note "${BENCH_NOTE:-}" --date "$day"
echo "results: $out"
