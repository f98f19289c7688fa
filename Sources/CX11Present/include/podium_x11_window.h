// X11 window attributes SDL2 does not expose.
#ifndef PODIUM_X11_WINDOW_H
#define PODIUM_X11_WINDOW_H

/// Gives `sdl_window` (an SDL_Window *) the solid background 0xRRGGBB, so the X server paints
/// it the moment the window is mapped, before the program's first frame. SDL makes its windows
/// with no background ("None"): a window just mapped then shows whatever the screen held there
/// (on a projector just plugged in: the framebuffer's stale pixels). Returns 0, or -1 when the
/// window is not an X11 window.
int podium_x11_set_window_background(void *sdl_window, unsigned int rgb);

/// Sets `sdl_window`'s title (UTF-8) as window managers read it: `_NET_WM_NAME` (UTF8_STRING)
/// and `WM_NAME` (STRING or COMPOUND_TEXT). SDL 2.26 converts the title through the process's
/// C locale: a title with a character outside ASCII ("Podium Presenter — …") got a garbled
/// WM_NAME and no _NET_WM_NAME at all. Returns 0, or -1 when the window is not an X11 window.
int podium_x11_set_window_title(void *sdl_window, const char *utf8);

/// XSync on `sdl_window`'s display: every request sent so far is done and every event it caused
/// (a map's Expose, a resize's ConfigureNotify) is on the connection for SDL's next poll.
/// Returns 0, or -1 when the window is not an X11 window.
int podium_x11_sync(void *sdl_window);

/// Adds _NET_WM_STATE_FULLSCREEN to `sdl_window`'s _NET_WM_STATE, for a window not mapped yet:
/// a window manager then maps it fullscreen at once (EWMH: a client sets the state itself before
/// the map), never first as an ordinary window whose decorated frame may reach past its display.
/// SDL 2.26 writes that state before the map only for a window created fullscreen; one made
/// fullscreen while hidden is mapped as an ordinary window, then asked. No round trip (the atoms
/// are SDL's, cached by Xlib). Returns 0, or -1 when the window is not an X11 window.
int podium_x11_set_fullscreen_state(void *sdl_window);

/// Takes _NET_WM_STATE_FULLSCREEN off `sdl_window` again, for a window made fullscreen by
/// `podium_x11_set_fullscreen_state` (SDL does not know it is): mapped, a request to the window
/// manager (EWMH _NET_WM_STATE remove, sent without waiting for its answer); unmapped, the atom
/// removed from the property. One round trip (the map state), two while unmapped. Returns 0, or
/// -1 when the window is not an X11 window.
int podium_x11_clear_fullscreen_state(void *sdl_window);

#endif

/* Makes an X protocol error a logged line instead of the end of the process (Xlib's default
 * handler exits). Call once after SDL has opened its display; SDL's and our own temporary
 * handlers restore this one when they are done. */
void podium_x11_survive_errors(void);

/* Test hook (PODIUM_TEST_X_BAD_WINDOW, see PodiumSDL's XErrorProbe): on `sdl_window`'s X
 * connection, makes a window, destroys it and sends it an event, as SDL did to a window a
 * hot-plug had just destroyed; waits for the server's answer (the BadWindow error goes through
 * the process's error handler). Returns the destroyed window's id, or 0 when `sdl_window` is not
 * an X11 window. */
unsigned long podium_x11_send_to_destroyed_window(void *sdl_window);

/* While a crash watcher runs (`podium present`): the X server keeps this process's windows (the
 * room's last frame) when the process dies without closing its connection (SIGKILL, the
 * out-of-memory killer), instead of showing the desktop until the watcher's cover is up
 * (XSetCloseDownMode RetainTemporary, on `sdl_window`'s display: SDL's one connection). Returns
 * an X resource of that connection (a 1x1 pixmap made for it, alive as long as the connection)
 * for the watcher's XKillClient, which frees what was kept once its cover is over the room; 0
 * when `sdl_window` is not an X11 window (nothing set). */
unsigned long podium_x11_retain_on_death(void *sdl_window);

/* Back to the default close-down (DestroyAll) on the display `podium_x11_retain_on_death` set,
 * synced: a quit on purpose leaves nothing on the X server. Nothing when it was never set.
 * Call before SDL closes its display. */
void podium_x11_destroy_on_close(void);
