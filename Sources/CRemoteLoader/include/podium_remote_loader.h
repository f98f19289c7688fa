// The network remote's server (podium_remote.h) and the pairing code's QR encoder (libqrencode),
// opened only when `--remote` is given: libsoup with its HTTP/2, PSL, Kerberos and SQLite
// libraries and libqrencode are not mapped by a talk without a remote (issue 19). The functions
// of both headers are defined here and forward to the libraries once `podium_remote_load`
// opened them.
#pragma once
#include "../../CSoupRemote/include/podium_remote.h"
#include <qrencode.h>

/// Where the server library is looked for: libPodiumRemoteServer.so in $PODIUM_BUILTIN_PLUGINS (as
/// for the built-in plugins), else in the executable's folder; written to `out` (`n` bytes).
void podium_remote_server_path(char *out, size_t n);
/// Opens libPodiumRemoteServer.so (beside the executable, or in $PODIUM_BUILTIN_PLUGINS) and
/// libqrencode, once. Returns 0 when both are loaded; else -1 with a message naming the library
/// and the loader's error in `error`. Every other function here needs it to have succeeded.
int podium_remote_load(char *error, size_t error_len);
