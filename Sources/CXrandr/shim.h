// X11 RandR, read directly: SDL2 never updates an existing display's mode or position on X11
// (X11_HandleXRandROutputChange leaves a FIXME), so Podium asks the X server itself.
#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
