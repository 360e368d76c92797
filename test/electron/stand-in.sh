#!/bin/sh
# A stand-in for Electron's binary, served by the tests' fake release server: it records how it
# was started (working folder, whether ELECTRON_RUN_AS_NODE leaked in, each argument) to the file
# named by AM_STANDIN_RECORD, and exits. AM_STANDIN_MODE=suid makes it abort as Electron does on a
# Linux that restricts unprivileged user namespaces (electron/electron#42510).
record="${AM_STANDIN_RECORD:-/dev/null}"
{
  echo "start"
  echo "cwd=$PWD"
  echo "run-as-node=${ELECTRON_RUN_AS_NODE-unset}"
  for a in "$@"; do echo "arg=$a"; done
} >>"$record"
if [ "${AM_STANDIN_MODE:-}" = suid ]; then
  echo "[4242:1126/101500.123456:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that $(dirname "$0")/chrome-sandbox is owned by root and has mode 4755." >&2
  kill -TRAP $$
fi
exit 0
