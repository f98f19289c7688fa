// Debian's GStreamer 1.22 (libgstreamer1.0-dev, libgstreamer-plugins-base1.0-dev): playbin plays
// a clip, an appsink hands its frames over as RGBA, the discoverer checks a file for
// `podium check`. GObject's property setters are C varargs, which Swift cannot call: the thin
// wrappers in playback.h and discover.h set them.
#include "playback.h"
#include "discover.h"
