// The crash watcher of `podium present` (Sources/CCrashWatch): a program of its own so that the
// process waiting beside a talk maps none of the talk's libraries and holds none of its heap.
#include "podium_crash_watch.h"

int main(int argc, char **argv) { return podium_crash_watch_main(argc, argv); }
