// X11 RandR and window geometry, read directly: SDL2 never updates an existing display's mode or
// position on X11 (X11_HandleXRandROutputChange leaves a FIXME), and keeps a window's requested
// position even when the window manager put it elsewhere. Podium asks the X server itself.
#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
#include <SDL2/SDL_syswm.h>

/// The X11 window behind an SDL window, or 0 when it is not an X11 window.
static inline Window podium_x11_window(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    return info.info.x11.window;
}
