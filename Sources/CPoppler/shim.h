// Debian's poppler-glib (libpoppler-glib-dev) with cairo: PDF pages rendered into cairo image
// surfaces. cairo-pdf.h is here for tests, which write their own PDFs with cairo's PDF surface.
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
/* Lowers the calling thread's priority (nice, Linux: per thread) so a render worker yields to
 * the main thread on a busy machine. */
static inline void podium_lower_thread_priority(int nice_value) {
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice_value);
}
