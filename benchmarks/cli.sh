#!/usr/bin/env bash
# Measures the tobira command as a user runs it: a process, wall-clock time (JMH measures inside one
# JVM, and a command's cost is mostly the JVM's start). Needs tobira-cli/target/tobira.jar and the
# launcher (./mvnw -B -pl tobira-cli -am package -DskipTests), python3 for the shop file, and for
# the export psql and a PostgreSQL at $TOBIRA_TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432.
#
#   benchmarks/cli.sh            start-up and export, 11 runs each, interleaved; medians and ratios
#   RUNS=21 benchmarks/cli.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/tobira-cli/target/tobira.jar"
launcher="$root/tobira-cli/target/tobira"
runs=${RUNS:-11}
[ -f "$jar" ] || { echo "build first: ./mvnw -B -pl tobira-cli -am package -DskipTests" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export HOME="$work" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
python3 -c "import sqlite3; c=sqlite3.connect('shop.db'); c.execute('create table t(x)'); c.commit()"

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { awk -v n="$1" 'BEGIN {printf "%.0f", n / 1e6}'; }

# the archive the launcher writes on its first run, made here so every timed run maps it
"$launcher" query sqlite:./shop.db "select 1" >/dev/null
echo "start-up: tobira query sqlite:./shop.db \"select 1\", $runs runs each, interleaved"
: > plain; : > nocds; : > cds
for i in $(seq "$runs"); do
  t=$(now); java -jar "$jar" query sqlite:./shop.db "select 1" >/dev/null; echo $(( $(now) - t )) >> plain
  t=$(now); TOBIRA_CDS=0 "$launcher" query sqlite:./shop.db "select 1" >/dev/null; echo $(( $(now) - t )) >> nocds
  t=$(now); "$launcher" query sqlite:./shop.db "select 1" >/dev/null; echo $(( $(now) - t )) >> cds
done
printf '  %-52s median %5s ms  min %5s ms\n' "java -jar tobira.jar (no flags)" "$(ms "$(median < plain)")" "$(ms "$(sort -n plain | head -1)")"
printf '  %-52s median %5s ms  min %5s ms\n' "launcher, C1 + serial GC, no CDS archive" "$(ms "$(median < nocds)")" "$(ms "$(sort -n nocds | head -1)")"
printf '  %-52s median %5s ms  min %5s ms\n' "launcher, C1 + serial GC + CDS archive (the default)" "$(ms "$(median < cds)")" "$(ms "$(sort -n cds | head -1)")"
# CPU time (user + system) of the default: what a loaded machine cannot inflate as it does wall time
: > cpu
for i in $(seq "$runs"); do
  /usr/bin/time -f "%U %S" -o t.cpu "$launcher" query sqlite:./shop.db "select 1" >/dev/null
  awk '{printf "%.0f\n", ($1 + $2) * 1e9}' t.cpu >> cpu
done
printf '  %-52s median %5s ms  min %5s ms\n' "  the same, CPU time (user + system)" "$(ms "$(median < cpu)")" "$(ms "$(sort -n cpu | head -1)")"
printf '  load average during the runs: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

url=${TOBIRA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
hostport=${url#*@}; hostport=${hostport%%/*}; host=${hostport%:*}; port=${hostport#*:}
user=${url#*://}; user=${user%%@*}; user=${user%%:*}
if ! command -v psql >/dev/null || ! psql -h "$host" -p "$port" -U "$user" -d postgres -Atc "select 1" >/dev/null 2>&1; then
  echo "export: not run (no psql or no PostgreSQL at $host:$port)"
  exit 0
fi
db="tobira_bench_cli_$$"
psql -h "$host" -p "$port" -U "$user" -d postgres -qc "create database $db"
trap 'psql -h "$host" -p "$port" -U "$user" -d postgres -qc "drop database if exists $db" >/dev/null; rm -rf "$work"' EXIT
psql -h "$host" -p "$port" -U "$user" -d "$db" -qc "create table orders as select i as id, i % 5000 as customer_id,
  (i * 37) % 100000 as total_cents, case when i % 7 = 0 then 'refunded' else 'paid' end as status,
  date '2026-01-01' + (i % 300) as created_at from generate_series(1, 1000000) i"
sql="select id, customer_id, total_cents, status, created_at from orders"
echo "export: 1,000,000 rows to a CSV file, $runs runs each, interleaved (process start included in both)"
: > psqlt; : > tob
for i in $(seq "$runs"); do
  t=$(now); psql -h "$host" -p "$port" -U "$user" -d "$db" -qc "\\copy ($sql) to 'p.csv' with (format csv, header)"; echo $(( $(now) - t )) >> psqlt
  t=$(now); "$launcher" query "postgres://$user@$host:$port/$db" "$sql" --format csv --output t.csv; echo $(( $(now) - t )) >> tob
done
cmp -s p.csv t.csv && same="identical bytes" || same="DIFFERENT bytes"
p=$(median < psqlt); t=$(median < tob)
printf '  psql \\copy   median %5s ms\n  tobira csv   median %5s ms  (%s, %s bytes)\n' "$(ms "$p")" "$(ms "$t")" "$same" "$(wc -c < t.csv)"
awk -v p="$p" -v t="$t" 'BEGIN {printf "  throughput ratio tobira / psql = %.2f (target >= 0.80)\n", p / t}'
