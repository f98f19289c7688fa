// Debian's poppler-glib (libpoppler-glib-dev) with cairo: PDF pages rendered into cairo image
// surfaces. cairo-pdf.h is here for tests, which write their own PDFs with cairo's PDF surface.
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
