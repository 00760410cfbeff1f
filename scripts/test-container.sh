#!/usr/bin/env bash
# `npm run test:container` (not part of `npm test`): builds the Dockerfile with podman, as root, and checks the
# container a self-hoster runs: /healthz and / answer, the first start prints the owner's password and a restart
# does not, it runs as a non-root user that can write /data, the image's HEALTHCHECK passes, and a restart keeps
# the data. Needs podman, runc and debootstrap (apt-get install -y podman runc debootstrap).
#
# This host's quirks, handled here: crun cannot set rlimits under its hybrid cgroups (runc is used, with
# default_ulimits, through a containers.conf named by CONTAINERS_CONF); no registry is reachable, so when
# node:20-bookworm-slim is missing a stand-in is made (debootstrap minbase bookworm from Debian's mirror, this
# machine's Node 20 and npm under /usr/local, a `node` user with uid 1000); npm inside the build trusts the
# registry only with the host's CA bundle, and node-gyp finds Node's headers through nodedir=/usr/local.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=${CONTAINER_WORK:-/tmp/academy-container}
IMAGE=localhost/academy-test-series:test
NAME=academy-container-test
VOLUME=academy-container-data
PORT=${CONTAINER_PORT:-3900}
BASE=docker.io/library/node:20-bookworm-slim
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$WORK"
say() { printf '[container] %s\n' "$*"; }
fail() {
  say "FAILED: $*"
  podman logs "$NAME" 2>&1 | tail -20 || true
  exit 1
}

# the containers' limits are this shell's own (a container may not raise them above the host's hard limits)
cat >"$WORK/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=4096:4096"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF="$WORK/containers.conf"

if ! podman image exists "$BASE"; then
  say "no $BASE here (no registry): making a stand-in from Debian bookworm and this machine's Node $(node -v)"
  ROOTFS="$WORK/rootfs"
  rm -rf "$ROOTFS"
  debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 || {
    tail -20 "$WORK/debootstrap.log"
    fail "debootstrap"
  }
  NODE_BIN=$(readlink -f "$(command -v node)")
  NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  HEADERS=$(dirname "$NODE_BIN")/../include/node
  mkdir -p "$ROOTFS/usr/local/bin" "$ROOTFS/usr/local/lib/node_modules" "$ROOTFS/usr/local/include"
  cp "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
  cp -r "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
  cp -r "$HEADERS" "$ROOTFS/usr/local/include/node"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
  chroot "$ROOTFS" groupadd --gid 1000 node
  chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$ROOTFS/var/cache/apt/archives/"*.deb
  tar -C "$ROOTFS" -c . | podman import --change 'CMD ["node"]' --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin' - "$BASE" >/dev/null
  say "stand-in image $BASE made"
fi

say "building $IMAGE"
started=$(date +%s)
podman build --format docker --layers \
  --volume /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro \
  --env NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt --env NPM_CONFIG_NODEDIR=/usr/local \
  -t "$IMAGE" . >"$WORK/build.log" 2>&1 || {
  tail -30 "$WORK/build.log"
  fail "podman build"
}
say "built in $(($(date +%s) - started)) s"

podman rm -f "$NAME" >/dev/null 2>&1 || true
podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
podman volume create "$VOLUME" >/dev/null
# podman's own messages (it cannot reach systemd here to time the HEALTHCHECK, which is run by hand below) go to a log
start() { podman run -d --name "$NAME" -p "127.0.0.1:$PORT:3000" -v "$VOLUME:/data" -e SESSION_SECRET=container-test-secret-0123456789 "$IMAGE" >/dev/null 2>>"$WORK/podman.log"; }
wait_healthy() {
  for _ in $(seq 1 60); do
    if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  fail "/healthz did not answer within 60 s"
}

start
wait_healthy
say "/healthz answers"
curl -fsS -o "$WORK/home.html" "http://127.0.0.1:$PORT/" && grep -q "<html" "$WORK/home.html" || fail "/ is not a page"
say "/ answers with a page"
podman logs "$NAME" 2>&1 | grep -q "Owner admin created: .* / password: " || fail "the first start printed no owner password"
say "the first start printed the owner's password"
[ "$(podman exec "$NAME" id -u)" != "0" ] || fail "the server runs as root"
podman exec "$NAME" sh -c 'touch /data/.writable && rm /data/.writable' || fail "/data is not writable by the server's user"
say "runs as uid $(podman exec "$NAME" id -u), /data writable"
podman exec "$NAME" sh -c '! test -e node_modules/typescript && ! test -e node_modules/vite' || fail "build tools (typescript, vite) are in the image"
say "no build tools in the image ($(podman exec "$NAME" du -sh node_modules | cut -f1) of node_modules)"
podman healthcheck run "$NAME" 2>>"$WORK/podman.log" || fail "the image's HEALTHCHECK failed"
say "HEALTHCHECK passes"
podman exec "$NAME" node -e "const D=require('better-sqlite3');const d=new D('/data/app.db');d.prepare(\"INSERT INTO exam_types (id, value, label, is_builtin, created_at, updated_at) VALUES ('kept', 'KEPT_TYPE', 'Kept type', 0, 0, 0)\").run()" ||
  fail "could not write a row to check the restart"
podman restart "$NAME" >/dev/null 2>>"$WORK/podman.log"
wait_healthy
[ "$(podman logs "$NAME" 2>&1 | grep -c "Owner admin created")" = "1" ] || fail "a restart printed the owner password again"
podman exec "$NAME" node -e "const D=require('better-sqlite3');const d=new D('/data/app.db',{readonly:true});process.exit(d.prepare(\"SELECT 1 FROM exam_types WHERE value='KEPT_TYPE'\").get()?0:1)" ||
  fail "the data did not survive the restart"
say "a restart keeps the data and prints no new password"
podman rm -f "$NAME" >/dev/null 2>>"$WORK/podman.log"
podman volume rm -f "$VOLUME" >/dev/null

# a host folder owned by root, mounted as /data: the server says what to do and stops
HOST_DATA="$WORK/root-owned-data"
rm -rf "$HOST_DATA" && mkdir -p "$HOST_DATA" && chown root:root "$HOST_DATA" && chmod 755 "$HOST_DATA"
timeout 60 podman run --rm -v "$HOST_DATA:/data" -e SESSION_SECRET=container-test-secret-0123456789 "$IMAGE" >"$WORK/root-owned.log" 2>&1 &&
  fail "the server started on a /data it cannot write"
grep -q "is not writable by this process" "$WORK/root-owned.log" || {
  tail -5 "$WORK/root-owned.log"
  fail "a /data the server cannot write gave no clear message"
}
say "a root-owned /data stops the server with: $(grep -o 'The data folder.*' "$WORK/root-owned.log" | head -1 | cut -c1-110)…"
say "all container checks passed"
