#!/usr/bin/env bash
# Real Wayland displays that can be unplugged, for hot-plug tests and benchmarks: a headless
# "parent" sway hosts a nested sway whose outputs (WL-1, WL-2, ...) are windows in the parent.
# Closing such a window unplugs that output; `create_output` plugs a new one. SDL sees real
# CONNECTED/DISCONNECTED events with SDL_VIDEODRIVER=wayland (nested sway) and x11 (its Xwayland).
# sway refuses to run as root, so both compositors run as `nobody`; root clients are let into
# Xwayland with xhost. Everything runs in a private PID namespace, so `stop` (or the end of `run`)
# takes every process the compositors spawned with it, including double-forked Xwayland.
#
#   sway-rig.sh run DIR [N]           foreground: start with N nested outputs (default 2, each
#                                     1280x720: wlroots' default window size, floating in the
#                                     parent), write DIR/env when ready, run until `stop`. Start it
#                                     in the background and `wait` on it.
#   sway-rig.sh env DIR               wait for readiness, print XDG_RUNTIME_DIR, WAYLAND_DISPLAY,
#                                     DISPLAY lines (shell `export` syntax)
#   sway-rig.sh unplug DIR NAME       pull output NAME (e.g. WL-2): close its parent window
#   sway-rig.sh plug DIR              connect a new output; prints its name (WL-3, WL-4, ...)
#   sway-rig.sh blip DIR NAME SECONDS unplug NAME, wait, plug; prints the new name (wlroots numbers
#                                     outputs anew, and sway 1.7's `output … disable` does not
#                                     remove the output from clients, so a same-name blip is not
#                                     possible here)
#   sway-rig.sh outputs DIR           the nested sway's outputs as JSON (swaymsg -t get_outputs)
#   sway-rig.sh tree DIR              the nested sway's window tree as JSON (swaymsg -t get_tree)
#   sway-rig.sh command DIR CMD...    run a sway command in the nested sway (e.g. a for_window rule)
#   sway-rig.sh grab DIR NAME FILE    what output NAME shows, as a PNG at FILE (grim, through the
#                                     nested sway's wlr-screencopy: the compositor's own pixels)
#   sway-rig.sh stop DIR              stop everything and let `run` return
set -euo pipefail
cmd=$1; dir=$2; shift 2
# As root, compositors run as `nobody` (sway refuses root); as anyone else, as that user.
as_nobody() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; else "$@"; fi; }
# At most 30 s per IPC call: a compositor that stopped answering (seen once in a few hundred
# plug/unplug cycles) fails the test that met it instead of holding the whole suite.
pmsg() { as_nobody env XDG_RUNTIME_DIR="$dir/run" timeout 30 swaymsg -s "$(cat "$dir/parent.sock")" "$@"; }
nmsg() { as_nobody env XDG_RUNTIME_DIR="$dir/run" timeout 30 swaymsg -s "$(cat "$dir/nested.sock")" "$@"; }
until_true() { # until_true TRIES COMMAND...: poll every 20 ms
  local n=$1; shift
  for _ in $(seq "$n"); do "$@" && return 0; sleep 0.02; done
  return 1
}
# Why `plug` nudges the nested sway (found 2026-12-01: this was the "nested sway stops answering"
# hang of testFiftyPlugUnplugCycles, one plug in a few hundred): wlroots 0.15's wayland backend makes
# the new output inside sway's IPC `create_output` handler and waits there for the parent with
# wl_display_roundtrip, which reads every event the parent has sent. When the parent's socket had
# already been reported readable in the same pass of sway's event loop (the parent answers the
# nested sway's frames all the time: frame callbacks, buffer releases), the backend's handler for
# that socket runs next with a stale "readable" and calls the blocking wl_display_dispatch. Seen with
# gdb: poll(parent socket, POLLIN, -1) <- wl_display_dispatch_queue <- libwlroots <-
# wl_event_loop_dispatch, both ends of the socket empty. Nothing else runs until the parent sends
# something, and the parent has nothing to say (no frame of the nested sway is outstanding): the
# queued `create_output` reply is never written, new IPC connections are never accepted (past the
# listen backlog a swaymsg waits in connect() for good: the 8-minute `get_outputs`), and Podium's
# requests pile up unread on its socket. Not Podium's doing.
# Provoked on purpose (stop the nested sway, send `create_output`, make the parent send it an event,
# continue it): 21 stalls in 30 tries with that same backtrace; with the parent's event sent before
# the request, 0 in 20. Any event from the parent wakes it (each of those 21 answered after one
# parent focus change; a resize of WL-1's parent window woke the one caught in the test). The nudge used here is a focus change in the
# parent: it sends the focused output window an xdg_toplevel configure of the same size (only
# "activated" changes, which the nested sway ignores: fifteen of them sent a client of the nested
# sway no wl_output event; every plug and unplug moves the parent's focus anyway). So a `create_output` with no answer after a second gets a nudge every second until it
# answers: Podium sees the plug it was meant to see, a second late. $dir/wakes records each nudge
# with what the nested sway was waiting in; SwayRig prints it in the test log.
wake_nested() {
  # What the nested sway was waiting in: poll_schedule_timeout is the stall, ep_poll an idle sway.
  local pid; pid=$(pgrep -f "sway -c $dir/nested.conf" | head -1 || true)
  echo "$(date +%T.%N) $* (nested sway in $(cat "/proc/$pid/wchan" 2>/dev/null || echo '?'))" >> "$dir/wakes"
  pmsg 'focus parent' >/dev/null 2>&1 || true
  pmsg '[title="^wlroots - WL-1$"] focus' >/dev/null 2>&1 || true
}
running() { local s; s=$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null) && [ "$s" != Z ]; }
nmsg_awake() { # nmsg ARGS, nudging the nested sway (above) every second while its answer is late
  nmsg "$@" & local ask=$! ticks=0
  while running "$ask"; do
    sleep 0.02; ticks=$((ticks + 1))
    [ $((ticks % 50)) != 0 ] || wake_nested "$@"
  done
  wait "$ask"
}
active_outputs() { [ "$(nmsg -t get_outputs -r | grep -c '"active": true')" -ge "$1" ]; }
ipc_sock() { # ipc_sock EXCEPT: the sway IPC socket in the run dir other than EXCEPT
  local f
  for f in "$dir"/run/sway-ipc.*.sock; do [ -S "$f" ] && [ "$f" != "$1" ] && { echo "$f"; return 0; }; done
  return 1
}

case $cmd in
run)
  mkdir -p "$dir"
  echo $$ > "$dir/run.pid"
  # As non-root, a user namespace (the user mapped to itself) makes the PID namespace possible.
  userns=(); [ "$(id -u)" = 0 ] || userns=(--user --map-current-user)
  exec unshare "${userns[@]}" --pid --fork --mount-proc --kill-child -- "$0" _inner "$dir" "$@"
  ;;
_inner) # PID 1 of the namespace: it reaps every orphan (Xwayland, `exec`s) and outlives them all
  count=${1:-2}
  rm -rf "$dir/run" "$dir/env" "$dir"/*.sock "$dir/outputs" "$dir/display.tmp"
  mkdir -p "$dir/run"; [ "$(id -u)" != 0 ] || chown nobody:nogroup "$dir" "$dir/run"; chmod 700 "$dir/run"
  shutdown() { # TERM everything else in the namespace, reap it all, then KILL what is left
    rm -f "$dir/env"
    kill -TERM -1 2>/dev/null || true
    for _ in $(seq 250); do procs=(/proc/[0-9]*); [ ${#procs[@]} -le 1 ] && exit 0; wait -n 2>/dev/null || sleep 0.02; done
    kill -KILL -1 2>/dev/null || true; exit 0
  }
  fail() { echo "sway-rig: $1" >&2; kill -KILL -1 2>/dev/null; exit 1; }
  trap shutdown TERM INT
  printf 'xwayland disable\ndefault_floating_border none\nfor_window [title="^wlroots - WL-"] floating enable\n' > "$dir/parent.conf"
  # The nested sway tells us its Xwayland display (the `exec`'d shell is reaped by this PID 1).
  printf 'xwayland enable\ndefault_border none\nfocus_follows_mouse no\nexec echo $DISPLAY > %s/display.tmp\n' "$dir" > "$dir/nested.conf"
  as_nobody env -i PATH="$PATH" HOME="$dir" XDG_RUNTIME_DIR="$dir/run" WLR_BACKENDS=headless \
    WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 sway -c "$dir/parent.conf" >"$dir/parent.log" 2>&1 &
  # sway names its IPC socket after its PID as it sees it; find it rather than guess.
  until_true 250 ipc_sock "" >/dev/null || fail "parent sway did not start; see $dir/parent.log"
  ipc_sock "" > "$dir/parent.sock"
  echo "$count" > "$dir/outputs"
  as_nobody env -i PATH="$PATH" HOME="$dir" XDG_RUNTIME_DIR="$dir/run" WAYLAND_DISPLAY=wayland-1 \
    WLR_BACKENDS=wayland WLR_WL_OUTPUTS=$count WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    sway -c "$dir/nested.conf" >"$dir/nested.log" 2>&1 &
  until_true 250 ipc_sock "$(cat "$dir/parent.sock")" >/dev/null || fail "nested sway did not start; see $dir/nested.log"
  ipc_sock "$(cat "$dir/parent.sock")" > "$dir/nested.sock"
  until_true 250 test -s "$dir/display.tmp" || fail "nested sway did not report its Xwayland display; see $dir/nested.log"
  xd=$(cat "$dir/display.tmp")
  [ "$(id -u)" != 0 ] || as_nobody env DISPLAY="$xd" xhost +si:localuser:root >/dev/null
  # Ready when every output has its size.
  until_true 250 active_outputs "$count" || true
  printf 'export XDG_RUNTIME_DIR=%s\nexport WAYLAND_DISPLAY=wayland-2\nexport DISPLAY=%s\n' "$dir/run" "$xd" > "$dir/env.tmp"
  mv "$dir/env.tmp" "$dir/env"
  while :; do sleep 1 & wait $! || true; done
  ;;
env)
  until_true 500 test -s "$dir/env" || { echo "sway rig in $dir is not ready" >&2; exit 1; }
  cat "$dir/env"
  ;;
unplug)
  # A just-plugged output's parent window may not have its title yet: retry for a second.
  until_true 50 pmsg "[title=\"^wlroots - $1\$\"] kill" >/dev/null 2>&1 || pmsg "[title=\"^wlroots - $1\$\"] kill" >/dev/null
  ;;
plug)
  k=$(( $(cat "$dir/outputs") + 1 )); echo $k > "$dir/outputs"
  # On a loaded machine swaymsg may give up waiting for the answer ("Unable to receive IPC
  # response") after sway made the output: look for it before asking again.
  if ! nmsg_awake create_output >/dev/null 2>&1; then
    made=
    for _ in $(seq 50); do
      if nmsg_awake -t get_outputs -r 2>/dev/null | grep -q "\"WL-$k\""; then made=1; break; fi
      sleep 0.1
    done
    [ -n "$made" ] || nmsg_awake create_output >/dev/null
  fi
  echo "WL-$k"
  ;;
blip)
  "$0" unplug "$dir" "$1"; sleep "$2"; "$0" plug "$dir"
  ;;
close)
  # What a close button or Alt+F4 sends: a close request to the window titled $1.
  nmsg "[title=\"$1\"] kill" >/dev/null
  ;;
outputs)
  nmsg -t get_outputs -r
  ;;
tree)
  nmsg -t get_tree -r
  ;;
command)
  nmsg "$@" >/dev/null
  ;;
grab)
  # As the caller (root may use the nested sway's socket, as Podium does); wayland-2 is the nested one.
  env XDG_RUNTIME_DIR="$dir/run" WAYLAND_DISPLAY=wayland-2 timeout 30 grim -o "$1" "$2"
  ;;
stop)
  [ -f "$dir/run.pid" ] || exit 0
  # `run` became unshare; its one child is this namespace's PID 1.
  pid=$(pgrep -P "$(cat "$dir/run.pid")" || true)
  [ -n "$pid" ] || exit 0
  kill -TERM "$pid" 2>/dev/null || true
  until_true 500 bash -c "! kill -0 $pid 2>/dev/null" || kill -KILL "$pid" 2>/dev/null || true
  rm -f "$dir/run.pid"
  ;;
*) echo "usage: $0 run|env|unplug|plug|blip|close|outputs|tree|command|grab|stop DIR ..." >&2; exit 2 ;;
esac
