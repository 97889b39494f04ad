# syntax=docker/dockerfile:1
#
# One Dockerfile for the whole platform.
#
#   docker build --build-arg SERVICE=issuance -t credentials/issuance .   # a service (default target)
#   docker build --target migrate -t credentials/migrate .                 # the migration job
#
# Services run their TypeScript through tsx (`node --import tsx src/main.ts`); there is no
# compile step, so the images carry sources, not dist/.
#
# Stages: runtime-base -> toolchain -> fetch -> build -> deploy -> service
#                                                     \-> migrate

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------------------
# runtime-base: what every image that runs code needs: node, tini as PID 1 (signals are
# forwarded, zombies reaped, so SIGTERM reaches runUntilSignal), a non-root user.
FROM ${NODE_IMAGE} AS runtime-base
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENTRYPOINT ["/usr/bin/tini", "--"]

# ---------------------------------------------------------------------------------------
# toolchain: pnpm at the version pinned by package.json#packageManager. Installed with npm
# rather than corepack so that nothing is downloaded or signature-checked at run time.
FROM runtime-base AS toolchain
ARG PNPM_VERSION=10.34.8
RUN npm install -g "pnpm@${PNPM_VERSION}" --no-audit --no-fund --loglevel=error \
 && pnpm --version
ENV PNPM_STORE_DIR=/pnpm/store \
    npm_config_update_notifier=false \
    CI=true
WORKDIR /repo

# ---------------------------------------------------------------------------------------
# fetch: every package of the lockfile into the store. Depends on the lockfile only, so
# this layer survives any source change that does not touch dependencies.
FROM toolchain AS fetch
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch --store-dir "$PNPM_STORE_DIR"

# ---------------------------------------------------------------------------------------
# build: the whole workspace, installed offline from the store (NODE_ENV is not production
# here on purpose: pnpm would skip devDependencies, and tsx is one).
FROM fetch AS build
COPY . .
RUN pnpm install --offline --frozen-lockfile --store-dir "$PNPM_STORE_DIR"

# ---------------------------------------------------------------------------------------
# deploy: one service with its production dependencies and the workspace packages it uses
# copied in (no symlinks out of /out). pnpm 10 needs --legacy unless the workspace sets
# inject-workspace-packages. tsx is a root devDependency, so `--prod` leaves it out; it is
# installed beside the service (tsx at the lockfile's version, its own dependencies
# resolved by npm) in /prod/node_modules, where node finds `--import tsx` from
# /prod/service by walking up: the deployed tree itself stays as pnpm made it.
FROM build AS deploy
ARG SERVICE
RUN if [ -z "$SERVICE" ] || [ ! -f "services/$SERVICE/package.json" ]; then \
      echo >&2 "build-arg SERVICE must name a folder of services/ (got '$SERVICE')"; exit 1; \
    fi
RUN pnpm --filter "@cred/${SERVICE}" deploy --prod --legacy --offline --store-dir "$PNPM_STORE_DIR" /prod/service
RUN TSX_VERSION="$(node -p "require('./node_modules/tsx/package.json').version")" \
 && mkdir -p /prod/tsx \
 && cd /prod/tsx \
 && npm install --no-save --no-package-lock --omit=dev --no-audit --no-fund --loglevel=error "tsx@${TSX_VERSION}" \
 && mv /prod/tsx/node_modules /prod/node_modules \
 && rm -rf /prod/tsx \
 && cd /prod/service && node --import tsx -e "process.exit(0)"
COPY infra/docker/healthcheck.mjs /prod/healthcheck.mjs

# ---------------------------------------------------------------------------------------
# migrate: the workspace as built, running `pnpm migrate` (scripts/migrate.ts, which reads
# the migrations of every service). Run once per release: a Kubernetes Job, a compose
# one-shot. The store is not needed at run time.
FROM toolchain AS migrate
ENV NODE_ENV=production
COPY --from=build /repo /repo
USER 1000:1000
CMD ["pnpm", "migrate"]

# ---------------------------------------------------------------------------------------
# service (default target): one service, started as `node --import tsx src/main.ts` from
# its folder. Files stay owned by root: the process can read its code, not change it.
FROM runtime-base AS service
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE}
COPY --from=deploy /prod /app
WORKDIR /app/service
USER 1000:1000
# The platform's ports (DEFAULT_PORTS in packages/runtime/src/service-config.ts); EXPOSE is
# documentation only, and one image per service uses a subset of them:
#   gateway http 8080, verification http 8081, gRPC 50051-50056, ops 9100-9106.
EXPOSE 8080 8081 50051-50056 9100-9106
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/app/healthcheck.mjs"]
# --single-threaded-gc: GC on the event-loop thread only; with a CPU limit of one core, V8's
# parallel GC helper threads mostly compete with it (docs/adr/0005-issuance-throughput.md).
CMD ["node", "--single-threaded-gc", "--import", "tsx", "src/main.ts"]
