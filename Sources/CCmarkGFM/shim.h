// Debian's libcmark-gfm-dev + libcmark-gfm-extensions-dev: GitHub's CommonMark parser with the
// table, strikethrough and autolink extensions.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
