// pdfpc.sty's entries in a PDF's XMP packet, read with libxml2 opened on first use (a PDF talk
// whose PDF has none never maps libxml2: issue 19, memory).
#pragma once
#include <stddef.h>

/// Parses the XMP packet `xml` (`len` bytes, no DOCTYPE: the caller refuses one) and writes each
/// element in pdfpc's namespace (https://github.com/pdfpc/pdfpc), or named `pdfpc:…` without a
/// declared namespace, as "Name=value\n" into `out` (`out_len` bytes, NUL-terminated): its local
/// name and its own text and CDATA children (never entities expanded), at most 200 bytes, line
/// breaks and `=` in values as spaces. Returns the number of entries written (0 for XML that
/// does not parse); -1 when libxml2 cannot be opened, with the reason in `error`.
int podium_xmp_pdfpc_entries(const char *xml, int len, char *out, size_t out_len, char *error, size_t error_len);
