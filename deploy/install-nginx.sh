#!/usr/bin/env bash
# Installs Debian's nginx when it is missing (the multi-instance suite and `npm run cluster` run it
# in the foreground from the repo's configuration; no system service is used). As .ci/run does for
# Chromium: as root, or through sudo; otherwise it says so and exits 1.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]]; then
  exit 0
fi
echo "[deploy] nginx not found; installing Debian's nginx" >&2
sudo_cmd=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "[deploy] not root and no sudo: cannot install nginx (apt-get install -y nginx)" >&2
    exit 1
  fi
fi
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx
# Debian starts the packaged site on port 80 where systemd runs; it is not ours to keep running.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then
  "${sudo_cmd[@]}" systemctl stop nginx || true
  "${sudo_cmd[@]}" systemctl disable nginx || true
fi
