#!/bin/sh
# Proves the sample's guarantee from the outside: under -Dtobira.test.require=all, a build in which
# the conformance kit did not run fails, and one in which it ran passes.
#   1. as the sample is (Surefire pinned): the kit runs, writes its report, the build passes;
#   2. Surefire 2.12.4, what an unpinned Surefire is on Maven 3.8: it cannot run JUnit 5, runs
#      nothing and would say BUILD SUCCESS; the verify-phase check must fail the build. Needs
#      Surefire 2.12.4's JUnit 3 provider in the local repository (it is fetched online; this
#      script never goes online, so without it the case says so and is left out);
#   3. the same end state without network: the tests skipped. The kit writes no report, and the
#      verify-phase check must fail the build with its own message.
# Run from anywhere: samples/conformance-in-ci/check-the-kit-ran.sh. Exit 0 when every case holds.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root" || exit 2
log="$(mktemp)"
failed=0
message='the conformance kit wrote no report in this build'
build() {
    ./mvnw -B -o -pl samples/conformance-in-ci -am verify -Dtobira.test.require=all -Dtest=AcmeConformanceTest \
        -Dsurefire.failIfNoSpecifiedTests=false "$@" >"$log" 2>&1
}
report=samples/conformance-in-ci/target/tobira-conformance/memdemo-in-ci.json

if build && [ -f "$report" ]; then
    echo "ok   1. pinned Surefire: the kit ran ($(grep -o '"testsPassed" : [0-9]*' "$report")) and the build passed"
else
    echo "FAIL 1. pinned Surefire: expected a passing build with a report; the log is $log"; failed=1
fi

provider="$HOME/.m2/repository/org/apache/maven/surefire/surefire-junit3/2.12.4"
if [ -d "$provider" ]; then
    if build -Dtobira.surefire.version=2.12.4; then
        echo "FAIL 2. Surefire 2.12.4: the build passed although the kit cannot have run; the log is $log"; failed=1
    elif grep -q "$message" "$log"; then
        echo "ok   2. Surefire 2.12.4 ran $(grep -o 'Tests run: [0-9]*' "$log" | tail -1 || echo 'nothing'), and the verify-phase check failed the build"
    else
        echo "FAIL 2. Surefire 2.12.4: the build failed, but not by the kit's check; the log is $log"; failed=1
    fi
else
    echo "--   2. Surefire 2.12.4: its JUnit 3 provider is not in the local repository (offline), case left out"
fi

if build -DskipTests; then
    echo "FAIL 3. tests skipped: the build passed although the kit did not run; the log is $log"; failed=1
elif grep -q "$message" "$log" && [ ! -f "$report" ]; then
    echo "ok   3. tests skipped: no report, and the verify-phase check failed the build"
else
    echo "FAIL 3. tests skipped: the build failed, but not by the kit's check; the log is $log"; failed=1
fi
[ "$failed" = 0 ] && rm -f "$log"
exit "$failed"
