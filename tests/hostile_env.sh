#!/usr/bin/env bash
# Runs a command, by default `deno task test`, in an environment a user might have set, so that a
# test that reads the caller's environment or hands it to a child fails here: servers told to
# listen elsewhere, a catalog folder that does not exist, a proxy that refuses every connection,
# another time zone and locale, colours forced, a small Node heap, a bad auth token and a narrow
# terminal. Only PATH, HOME and DENO_DIR (and REQUIRE_SYSTEM_TESTS) are kept.
#
#   tests/hostile_env.sh                                         # the tests
#   REQUIRE_SYSTEM_TESTS=1 tests/hostile_env.sh deno task ok     # the whole gate
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then set -- deno task test; fi

kept=(PATH="$PATH" HOME="$HOME")
if [ -n "${DENO_DIR:-}" ]; then kept+=(DENO_DIR="$DENO_DIR"); fi
if [ -n "${REQUIRE_SYSTEM_TESTS:-}" ]; then kept+=(REQUIRE_SYSTEM_TESTS="$REQUIRE_SYSTEM_TESTS"); fi

exec env -i "${kept[@]}" \
  PORT=1 \
  HOSTNAME=0.0.0.0 \
  BASE_URL=http://evil.example \
  CATALOG_DIR=/nonexistent \
  NO_COLOR=1 \
  FORCE_COLOR=3 \
  TZ=Pacific/Kiritimati \
  LANG=tr_TR.UTF-8 \
  LC_ALL=tr_TR.UTF-8 \
  DENO_NO_PROMPT= \
  NODE_OPTIONS=--max-old-space-size=64 \
  HTTP_PROXY=http://127.0.0.1:9 \
  http_proxy=http://127.0.0.1:9 \
  HTTPS_PROXY=http://127.0.0.1:9 \
  https_proxy=http://127.0.0.1:9 \
  NO_PROXY= \
  no_proxy= \
  DENO_AUTH_TOKENS=x \
  COLUMNS=20 \
  "$@"
