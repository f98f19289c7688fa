// Windows the X server kept of Podium processes that are gone.
#ifndef PODIUM_X11_DEAD_WINDOWS_H
#define PODIUM_X11_DEAD_WINDOWS_H

#include <stddef.h>

/// Frees the windows of earlier Podium talks that died in close-down mode RetainTemporary
/// (CX11Present's `podium_x11_retain_on_death`) with nobody left to free them: a talk and its
/// crash watcher SIGKILLed together (`pkill -9 podium`) left a dead console and a stale room.
/// On its own connection to `display_name` (NULL: $DISPLAY): the root's children and the window
/// manager's `_NET_CLIENT_LIST` (a client window reparented into a frame; without that list, two
/// levels under the root's unnamed children), each whose `_NET_WM_NAME` or `WM_NAME` starts with
/// "Podium " or whose WM_CLASS instance is "podium", whose `_NET_WM_PID` names no process here
/// (kill(pid, 0) fails with ESRCH, or
/// a zombie's) and whose `WM_CLIENT_MACHINE`, when set, is this host, is
/// freed with XKillClient (what was kept of that client goes). A live talk's windows, or a
/// window without a pid, are never touched. `report` (may be NULL) gets "pid N “title”, …",
/// cut to `report_size` - 1 bytes. Returns the number of windows freed, or -1 when the server
/// cannot be reached.
int podium_x11_free_dead_windows(const char *display_name, char *report, size_t report_size);

#endif
