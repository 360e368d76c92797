#!/usr/bin/env bash
# Runs a command inside a private D-Bus session bus where a real notification daemon from Debian
# (dunst, on a virtual X display) answers org.freedesktop.Notifications, so the desktop
# notification channel is tested without touching the machine's own bus or desktop.
#   scripts/notify-session.sh COMMAND [ARGS...]
# Exit 3 (and one line on stderr) when a needed program is missing or the daemon never came up.
set -euo pipefail

if [[ "${1:-}" != "--inside-session" ]]; then
  for program in xvfb-run dbus-run-session dbus-send dunst dunstctl; do
    if ! command -v "$program" >/dev/null 2>&1; then
      echo "notify-session: $program not found (install xvfb dbus dbus-x11 dunst)" >&2
      exit 3
    fi
  done
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/am-notify.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/runtime" "$tmp/config"
  chmod 700 "$tmp/runtime"
  export XDG_RUNTIME_DIR="$tmp/runtime" XDG_CONFIG_HOME="$tmp/config"
  status=0
  xvfb-run --auto-servernum dbus-run-session -- "$0" --inside-session "$@" || status=$?
  exit "$status"
fi
shift

# An empty configuration: dunst's defaults (no sounds, no scripts).
: >"$XDG_CONFIG_HOME/dunstrc"
dunst -config "$XDG_CONFIG_HOME/dunstrc" >/dev/null 2>&1 &
daemon_pid=$!

ready=0
for _ in $(seq 1 100); do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
       org.freedesktop.DBus.GetNameOwner string:org.freedesktop.Notifications >/dev/null 2>&1; then
    ready=1
    break
  fi
  sleep 0.1
done
if [[ $ready -ne 1 ]]; then
  echo "notify-session: dunst did not take org.freedesktop.Notifications within 10 s" >&2
  kill "$daemon_pid" 2>/dev/null || true
  exit 3
fi

export AM_NOTIFY_SESSION=1
status=0
"$@" || status=$?
kill "$daemon_pid" 2>/dev/null || true
exit "$status"
