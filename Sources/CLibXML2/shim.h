#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with the ICU copy inside Swift's
// Foundation. Podium never uses libxml2's encoding handlers (the only place ICU appears), so
// the ICU parts of encoding.h are left out of this module.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

// xmlFree is a macro over a function pointer in threaded builds, which Swift cannot import.
static inline void podium_xml_free(void *p) { xmlFree(p); }
