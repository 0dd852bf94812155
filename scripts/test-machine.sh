#!/usr/bin/env bash
# Runs before `npm test` (npm's `pretest`): the browser tests need Debian's Chromium and a CJK
# font, and the PostgreSQL run of the API tests needs PostgreSQL 15. Run as root, this installs
# whichever is missing with apt-get; otherwise it stops before any test and prints the command.
set -euo pipefail

need=()
# e2e/playwright.config.ts launches Debian's Chromium by this path.
{ [ -f /usr/bin/chromium ] && [ -x /usr/bin/chromium ]; } || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'wqy' || need+=(fonts-wqy-zenhei)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql-15)
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test: installing ${need[*]} (Debian packages the tests need)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
  exit 0
fi

echo "test: this machine lacks ${need[*]}, which the tests need. Install them, then run npm test again:" >&2
echo "  sudo apt-get install -y ${need[*]}" >&2
exit 1
