#!/usr/bin/env bash
# Runs a command inside a private D-Bus session that has an unlocked GNOME Keyring answering as
# the Secret Service (org.freedesktop.secrets), so keychain tests hit a real keychain without
# touching the user's own. Everything lives in a temporary folder removed on exit.
#   scripts/keyring-session.sh COMMAND [ARGS...]
# Exit 3 (and one line on stderr) when a needed program is missing or the keyring never came up.
set -euo pipefail

if [[ "${1:-}" != "--inside-session" ]]; then
  for program in dbus-run-session dbus-send gnome-keyring-daemon; do
    if ! command -v "$program" >/dev/null 2>&1; then
      echo "keyring-session: $program not found (install dbus dbus-x11 gnome-keyring)" >&2
      exit 3
    fi
  done
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/am-keyring.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/data" "$tmp/runtime" "$tmp/config"
  chmod 700 "$tmp/runtime"
  # A private home for the keyring files; the daemon refuses a runtime dir others can read.
  export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/runtime" XDG_CONFIG_HOME="$tmp/config"
  status=0
  dbus-run-session -- "$0" --inside-session "$@" || status=$?
  exit "$status"
fi
shift

# Unlocking with a piped password creates the "login" collection on first use.
# In the foreground (in the background of this shell) so that its pid is known and it can be ended.
gnome-keyring-daemon --foreground --unlock --components=secrets < <(printf '%s' "account-monitor-test") >/dev/null 2>&1 &
daemon_pid=$!

ready=0
for _ in $(seq 1 100); do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
       org.freedesktop.DBus.GetNameOwner string:org.freedesktop.secrets >/dev/null 2>&1 &&
     dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
       org.freedesktop.Secret.Service.ReadAlias string:default 2>/dev/null |
       grep -q 'object path "/org/freedesktop/secrets/collection/'; then
    ready=1
    break
  fi
  sleep 0.1
done
if [[ $ready -ne 1 ]]; then
  echo "keyring-session: the Secret Service did not come up within 10 s" >&2
  exit 3
fi

export AM_KEYRING_SESSION=1
status=0
"$@" || status=$?
kill "$daemon_pid" 2>/dev/null || true
exit "$status"
