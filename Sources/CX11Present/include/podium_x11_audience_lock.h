// One talk's audience view per X server screen, by construction: a selection owned on the server.
#ifndef PODIUM_X11_AUDIENCE_LOCK_H
#define PODIUM_X11_AUDIENCE_LOCK_H

#include <stddef.h>

/// Claims the selection `_PODIUM_AUDIENCE_S<screen>` on the X server `display_name` names (NULL:
/// $DISPLAY), as compositors claim `_NET_WM_CM_S<screen>`: the server holds one owner per
/// selection whoever asks (any HOME, any user, any spelling of DISPLAY), and drops it when the
/// owner's connection closes, so it ends with the process however it ends. The check and the
/// claim are one step (the server grabbed between them). The owner is a small window that is never
/// mapped, carrying `_PODIUM_AUDIENCE_PID` (CARDINAL) and `_PODIUM_AUDIENCE_DECK` (UTF8_STRING)
/// for the refusal message. `*screen` is set to the screen number. `handover` (NULL or "": none)
/// is the token a crash restart was given by its watcher (CCrashWatch's
/// `podium_crash_watch_handover`): an owner window whose `_PODIUM_AUDIENCE_HANDOVER` (STRING) is
/// exactly that token (the watcher's cover, holding the lock since the talk before died) is taken
/// over; any other owner refuses as usual.
/// Returns 1 when claimed (the connection stays open until `podium_x11_audience_release`), 0 when
/// another client owns it (`*holder_pid` its pid or -1, `holder_deck` its deck or "", cut to
/// `holder_deck_size` - 1 bytes), -1 when the server cannot be reached.
int podium_x11_audience_claim(const char *display_name, const char *deck, const char *handover, int *screen,
                              long *holder_pid, char *holder_deck, size_t holder_deck_size);

/// Gives the selection up (closes the claim's connection); nothing when none is held.
void podium_x11_audience_release(void);

#endif
