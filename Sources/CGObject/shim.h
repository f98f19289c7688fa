// GLib and GObject (libglib2.0-dev): their compiler flags for C targets that build on them
// (CGStreamer), and their two libraries, which every talk maps anyway (Pango links them).
#pragma once
#include <glib-object.h>
