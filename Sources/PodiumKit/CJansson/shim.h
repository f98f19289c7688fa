// Debian's libjansson-dev: a strict RFC 8259 JSON parser that can refuse duplicate object keys
// (Foundation's parsers accept them and disagree on which one wins) and trailing commas.
#include <jansson.h>
