# Sourced by .ci/run before the tests (as root on a fresh Debian machine).
# Installs and starts what the server's tests need: PostgreSQL on loopback
# (exports INAROW_TEST_POSTGRES), Debian's Chromium and the e2e npm packages
# (playwright-core, never a downloaded browser). Idempotent and quiet; a
# failure here leaves the tests that need the service to skip, not fail.
_inarow_services() {
  local root; root="$(pwd)"
  local need=()
  command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
  [ -x /usr/bin/chromium ] || need+=(chromium)
  command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
  if [ ${#need[@]} -gt 0 ]; then
    echo "== services: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq "${need[@]}" >/dev/null 2>&1 ||
      echo "services: apt-get install ${need[*]} failed; tests that need them will skip"
  fi

  # PostgreSQL: the Debian cluster; its default listen_addresses is localhost.
  if command -v pg_lsclusters >/dev/null 2>&1; then
    local ver; ver=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1{print $1}')
    if [ -z "$ver" ]; then
      ver=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
      [ -n "$ver" ] && pg_createcluster -q "$ver" main >/dev/null 2>&1 || true
    fi
    if [ -n "$ver" ]; then
      pg_ctlcluster "$ver" main start >/dev/null 2>&1 || true
      local port; port=$(pg_lsclusters -h 2>/dev/null | awk -v v="$ver" '$1==v && $2=="main"{print $3}')
      port=${port:-5432}
      local ok=""
      for _ in $(seq 1 30); do
        if su postgres -c "psql -q -p $port -tAc 'select 1'" >/dev/null 2>&1; then ok=1; break; fi
        sleep 0.5
      done
      if [ -n "$ok" ]; then
        su postgres -c "psql -q -p $port -v ON_ERROR_STOP=1" >/dev/null 2>&1 <<'SQL' || true
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'inarow') THEN
    CREATE ROLE inarow LOGIN PASSWORD 'inarow-test';
  END IF;
END $$;
SQL
        su postgres -c "psql -q -p $port -tAc \"select 1 from pg_database where datname='inarow_test'\"" 2>/dev/null | grep -q 1 ||
          su postgres -c "createdb -p $port -O inarow inarow_test" >/dev/null 2>&1 || true
        export INAROW_TEST_POSTGRES="postgres://inarow:inarow-test@127.0.0.1:$port/inarow_test?sslmode=disable"
        echo "== services: PostgreSQL $ver on 127.0.0.1:$port (INAROW_TEST_POSTGRES set)"
      else
        echo "services: PostgreSQL did not start; the PostgreSQL tests will skip"
      fi
    fi
  fi

  # playwright-core for the browser tests (uses /usr/bin/chromium).
  if [ -f "$root/e2e/package-lock.json" ] && command -v npm >/dev/null 2>&1; then
    (cd "$root/e2e" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1) &&
      echo "== services: e2e npm packages installed" ||
      echo "services: npm ci in e2e/ failed; the browser tests will skip"
  fi
}
_inarow_services
unset -f _inarow_services
