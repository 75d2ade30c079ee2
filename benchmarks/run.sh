#!/usr/bin/env bash
# Builds the benchmarks and what they need, runs them (tobira and the raw vendor client side by
# side, in one JMH invocation), merges the results into benchmarks/results/latest.json and prints
# the ratio table (also written to benchmarks/results/latest.md).
#
#   benchmarks/run.sh                      everything (5 minutes on an idle 2-core machine, about 12 under load)
#   benchmarks/run.sh sqlite guard         only these groups; the others keep their last results
#   benchmarks/run.sh postgres -prof gc    any argument starting with - goes to JMH
#   benchmarks/run.sh stream -p size=1024 -wi 5 -i 5
#   benchmarks/run.sh --report             print the table of the stored results, run nothing
#   benchmarks/run.sh --no-build sqlite    reuse the last build
#
# Groups: all, stream, point, guard, export, memory, mcp, sqlite, duckdb, postgres, mariadb (or mysql), redis, mongodb, dynamodb, qdrant.
# Servers: TOBIRA_TEST_POSTGRES_URL, TOBIRA_TEST_MYSQL_URL, TOBIRA_TEST_REDIS_URL, else the local
# defaults (127.0.0.1:5432 trust, 127.0.0.1:3306 root, 127.0.0.1:6379). A measurement whose server
# or driver is missing is reported as "not run" with the reason.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$root"

groups=" all stream point guard export memory mcp sqlite duckdb postgres mariadb mysql redis mongodb dynamodb qdrant "
build=1
args=()
value_next=0
for a in "$@"; do
  if [[ $value_next == 1 ]]; then args+=("$a"); value_next=0; continue; fi
  case "$a" in
    --no-build) build=0 ;;
    --report) build=0; args+=("$a") ;;
    --separate) args+=("$a") ;;
    -h|-l|-lp|-lprof|-lrf) args+=("$a") ;;
    -*) args+=("$a"); value_next=1 ;;  # a JMH option and its value
    *)
      if [[ $groups != *" ${a,,} "* ]]; then
        echo "unknown group $a; known:$groups" >&2
        exit 2
      fi
      args+=("$a") ;;
  esac
done

classpath_file="$here/target/classpath.txt"
if [[ $build == 1 || ! -s $classpath_file || ! -d $here/target/classes ]]; then
  echo "[bench] building benchmarks and the modules they need ($(date -u +%H:%M:%S) UTC)"
  # offline first (fast); online when a dependency is not downloaded yet
  mvn_flags=(-q -B -pl benchmarks -am -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true)
  if ! ./mvnw -o "${mvn_flags[@]}" install; then
    ./mvnw "${mvn_flags[@]}" install
  fi
  # the run-time class path of the benchmarks module, drivers included
  cp_flags=(-q -B -pl benchmarks org.codehaus.mojo:exec-maven-plugin:exec -Dexec.executable=echo -Dexec.args=%classpath)
  if ! ./mvnw -o "${cp_flags[@]}" > "$classpath_file.tmp"; then
    ./mvnw "${cp_flags[@]}" > "$classpath_file.tmp"
  fi
  mv "$classpath_file.tmp" "$classpath_file"
fi

mkdir -p "$here/results"
log="$here/results/last-run.log"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
set +e
"$java_bin" -Xmx512m -cp "$(tail -n 1 "$classpath_file")" \
  -Dtobira.bench.results="$here/results" \
  -Dtobira.bench.dir="$here/target/bench-data" \
  ${TOBIRA_BENCH_ROWS:+-Dtobira.bench.rows=$TOBIRA_BENCH_ROWS} \
  dev.tobira.bench.Bench ${args[@]+"${args[@]}"} 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
exit "$status"
