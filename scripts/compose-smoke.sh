#!/usr/bin/env bash
# Builds and starts the docker-compose stack, waits until the app reports ready,
# signs up through the API (the one-time code is read from the app's log: no SMTP),
# checks the session, and tears everything down again, volumes included.
# Without a reachable Docker engine it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker >/dev/null 2>&1 || ! docker info >/dev/null 2>&1 || ! docker compose version >/dev/null 2>&1; then
  echo "compose-smoke: skipped, no Docker engine (with the compose plugin) is reachable."
  exit 0
fi

export COMPOSE_PROJECT_NAME="craftdesk_smoke_$$"
export APP_PORT="${SMOKE_PORT:-3990}"
export SESSION_SECRET="smoke-$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')"
base="http://127.0.0.1:$APP_PORT"
jar="$(mktemp)"
down() {
  docker compose logs app >"${TMPDIR:-/tmp}/$COMPOSE_PROJECT_NAME.log" 2>&1 || true
  docker compose down -v --remove-orphans >/dev/null 2>&1 || true
  rm -f "$jar"
}
trap down EXIT
fail() {
  echo "compose-smoke: $1 (app log: ${TMPDIR:-/tmp}/$COMPOSE_PROJECT_NAME.log)" >&2
  exit 1
}

docker compose up -d --build

echo "compose-smoke: waiting for $base/api/api/health/ready"
for _ in $(seq 1 120); do
  status="$(docker inspect -f '{{.State.Health.Status}}' "$(docker compose ps -q app)" 2>/dev/null || true)"
  [ "$status" = healthy ] && break
  sleep 2
done
[ "$status" = healthy ] || fail "the app did not become healthy ($status)"
curl -fsS "$base/api/api/health/ready" | grep -q '"status":"ready"' || fail "readiness does not answer ready"

email="smoke-$$@example.test"
json=(-H "Content-Type: application/json" -H "Origin: $base")
curl -fsS "${json[@]}" -d "{\"email\":\"$email\",\"language\":\"en-US\"}" "$base/api/api/otp/email" >/dev/null || fail "requesting a code failed"
code=""
for _ in $(seq 1 20); do
  code="$(docker compose logs app 2>/dev/null | grep -F "$email" | grep -o 'code [0-9]\{6\}' | tail -1 | cut -d' ' -f2 || true)"
  [ -n "$code" ] && break
  sleep 1
done
[ -n "$code" ] || fail "no sign-up code in the app log"

signup="{\"organization\":{\"name\":\"Smoke Works\",\"language\":\"en-US\",\"color\":\"#0090FF\"},\"member\":{\"name\":\"Sam Smoke\",\"email\":\"$email\",\"password\":\"smoke test password 1\"},\"otp\":\"$code\"}"
curl -fsS -c "$jar" "${json[@]}" -d "$signup" "$base/api/api/signup" >/dev/null || fail "signing up failed"
curl -fsS -b "$jar" "$base/api/api/session" | grep -q "\"$email\"" || fail "the new session does not name its member"

# A graceful stop: SIGTERM, and the app exits 0.
docker compose stop app >/dev/null
[ "$(docker inspect -f '{{.State.ExitCode}}' "$(docker compose ps -aq app)")" = 0 ] || fail "the app did not exit 0 on SIGTERM"
echo "compose-smoke: passed"
