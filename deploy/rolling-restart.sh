#!/usr/bin/env bash
# Rolls a release through the instances `npm run cluster` started, one at a time: each is taken out
# of nginx's upstream, drained with SIGTERM (running answers finish within SHUTDOWN_GRACE_MS), started
# again from the code on disk, waited for on /readyz and put back. Waits until all are done.
# Usage: deploy/rolling-restart.sh [run dir, default $DATA_DIR/cluster or ./data/cluster]
set -euo pipefail
cd "$(dirname "$0")/.."
run_dir="${1:-${DATA_DIR:-data}/cluster}"
pid_file="$run_dir/cluster.pid"
if [[ ! -f "$pid_file" ]] || ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
  echo "[rolling-restart] no running cluster (no live process in $pid_file): start one with npm run cluster" >&2
  exit 1
fi
marker="$run_dir/rolled"
before="$(stat -c %Y "$marker" 2>/dev/null || echo 0)"
started="$(date +%s)"
kill -HUP "$(cat "$pid_file")"
echo "[rolling-restart] restarting instances one at a time…"
while :; do
  now_mark="$(stat -c %Y "$marker" 2>/dev/null || echo 0)"
  if [[ "$now_mark" != "$before" && "$now_mark" -ge "$started" ]]; then
    echo "[rolling-restart] done"
    exit 0
  fi
  if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
    echo "[rolling-restart] the cluster process ended during the restart" >&2
    exit 1
  fi
  sleep 1
done
