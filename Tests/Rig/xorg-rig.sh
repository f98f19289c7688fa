#!/usr/bin/env bash
# A real X server with virtual monitors, for tests, benchmarks and the headless demo.
# Xorg's dummy driver exposes RandR outputs DUMMY0..DUMMY15 that can be switched on, resized and
# switched off with xrandr, which SDL sees as real displays.
#
#   xorg-rig.sh start DIR [WxH ...]   start Xorg; one monitor per size (default 1280x800 1920x1080);
#                                      prints the DISPLAY (":N"); state in DIR
#   xorg-rig.sh run DIR [WxH ...]     the same in the foreground: DIR/ready appears when set up;
#                                      returns after `stop`, so the caller can `wait` on it (this
#                                      machine's init does not reap orphans)
#   xorg-rig.sh mode DIR N WxH        change output DUMMYN's mode (SDL sends no event for this)
#   xorg-rig.sh plug DIR N WxH        connect output DUMMYN at WxH, right of the others
#   xorg-rig.sh mirror DIR N          DUMMYN mirrors DUMMY0 (same mode, same position); plug DIR N SIZE undoes it
#   xorg-rig.sh unplug DIR N          switch DUMMYN off (RandR; the driver never reports unplug)
#   xorg-rig.sh move DIR N X Y        move DUMMYN to X,Y, its mode kept (`xrandr --pos`, as a desktop's
#                                      "Extend" or a drag in its display settings does)
#   xorg-rig.sh place DIR N WxH X Y   switch DUMMYN on at WxH at X,Y, even over another output (a lid
#                                      opened while the projector kept the origin)
#   xorg-rig.sh stop DIR              stop Xorg and wait for it
set -euo pipefail
cmd=$1; dir=$2; shift 2
mkdir -p "$dir"

mode() { # add and set a mode on an output
  local out=$1 size=$2 w h
  w=${size%x*}; h=${size#*x}
  if ! xrandr -q | grep -q "^   $size "; then
    # shellcheck disable=SC2046
    xrandr --newmode "$size" $(cvt "$w" "$h" 60 | sed -n 's/^Modeline "[^"]*" //p') 2>/dev/null || true
  fi
  xrandr --addmode "$out" "$size" 2>/dev/null || true
}

right_edge() { xrandr -q | sed -n 's/^DUMMY[0-9]* connected \(primary \)\?\([0-9]*\)x[0-9]*+\([0-9]*\)+.*/\2 \3/p' | awk 'BEGIN{m=0} {e=$1+$2; if(e>m)m=e} END{print m}'; }

case $cmd in
start|run)
  rm -f "$dir/ready"
  [ $# -gt 0 ] || set -- 1280x800 1920x1080
  cat > "$dir/xorg.conf" <<CONF
Section "Device"
  Identifier "dummy"
  Driver "dummy"
  VideoRam 512000
EndSection
Section "Screen"
  Identifier "screen"
  Device "dummy"
  DefaultDepth 24
  SubSection "Display"
    Depth 24
    Virtual 8192 4096
  EndSubSection
EndSection
Section "ServerFlags"
  Option "DontVTSwitch" "true"
  Option "AutoAddDevices" "false"
EndSection
CONF
  # Close descriptors inherited from our caller (e.g. the pipe a test reads our output from):
  # a background Xorg holding them would keep that pipe open forever.
  for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done
  exec 3> "$dir/displayfd"
  Xorg -noreset -nolisten tcp -config "$dir/xorg.conf" -configdir "$dir" -logfile "$dir/xorg.log" -displayfd 3 \
       >"$dir/xorg.out" 2>&1 &
  echo $! > "$dir/pid"
  # Wait while Xorg lives: on a loaded 2-core machine its start (GLX's software setup alone)
  # took over 5 s, and a fixed 5 s wait failed the README's `make demo`.
  for _ in $(seq 1200); do
    [ -s "$dir/displayfd" ] && break
    kill -0 "$(cat "$dir/pid")" 2>/dev/null || break
    sleep 0.05
  done
  n=$(head -c 20 "$dir/displayfd" | tr -dc 0-9)
  [ -n "$n" ] || { echo "Xorg did not start; see $dir/xorg.log" >&2; exit 1; }
  echo ":$n" > "$dir/display"
  export DISPLAY=:$n
  i=0; x=0
  for size in "$@"; do
    mode "DUMMY$i" "$size"
    if [ $i -eq 0 ]; then xrandr --output DUMMY0 --mode "$size" --pos 0x0 --primary
    else xrandr --output "DUMMY$i" --mode "$size" --pos "${x}x0"; fi
    x=$((x + ${size%x*})); i=$((i + 1))
  done
  # Switch off the outputs the driver enables by default beyond the ones asked for.
  for j in $(seq $i 15); do xrandr --output "DUMMY$j" --off 2>/dev/null || true; done
  xrandr -q >/dev/null
  touch "$dir/ready"
  if [ "$cmd" = run ]; then exec 3>&-; wait "$(cat "$dir/pid")" || true; exit 0; fi
  echo ":$n"
  ;;
mode)
  export DISPLAY=$(cat "$dir/display"); n=$1; size=$2
  mode "DUMMY$n" "$size"
  xrandr --output "DUMMY$n" --mode "$size"
  xrandr -q >/dev/null
  ;;
plug|place)
  export DISPLAY=$(cat "$dir/display"); n=$1; size=$2
  mode "DUMMY$n" "$size"
  if [ "$cmd" = plug ]; then pos="$(right_edge)x0"; else pos="${3}x${4}"; fi
  xrandr --output "DUMMY$n" --mode "$size" --pos "$pos"
  xrandr -q >/dev/null
  ;;
mirror)
  # DUMMYN shows what DUMMY0 shows (a desktop's "mirror displays"), at DUMMY0's mode.
  export DISPLAY=$(cat "$dir/display"); n=$1
  size=$(xrandr -q | awk '/^DUMMY0 connected/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+x[0-9]+\+/) { split($i, a, "+"); print a[1] } }')
  mode "DUMMY$n" "$size"
  xrandr --output "DUMMY$n" --mode "$size" --same-as DUMMY0
  xrandr -q >/dev/null
  ;;
move)
  export DISPLAY=$(cat "$dir/display")
  xrandr --output "DUMMY$1" --pos "${2}x${3}"
  xrandr -q >/dev/null
  ;;
unplug)
  export DISPLAY=$(cat "$dir/display")
  xrandr --output "DUMMY$1" --off
  xrandr -q >/dev/null
  ;;
stop)
  if [ -f "$dir/pid" ]; then
    pid=$(cat "$dir/pid"); kill "$pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -f "$dir/pid"
  fi
  ;;
*) echo "usage: $0 start|run|mode|plug|mirror|move|place|unplug|stop DIR ..." >&2; exit 2 ;;
esac
