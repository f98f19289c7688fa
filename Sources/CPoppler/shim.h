// Debian's poppler-glib (libpoppler-glib-dev) with cairo: PDF pages rendered into cairo image
// surfaces. cairo-pdf.h is here for tests, which write their own PDFs with cairo's PDF surface.
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>

#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef SCHED_IDLE
#define SCHED_IDLE 5   /* <linux/sched.h>; glibc's <sched.h> names it only with _GNU_SOURCE */
#endif
/* Lowers the calling thread's priority (nice, Linux: per thread) so a render worker yields to
 * the main thread on a busy machine. */
static inline void podium_lower_thread_priority(int nice_value) {
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice_value);
}
/* The calling thread's id (tests find its scheduling in /proc/self/task/ID/stat). */
static inline long podium_thread_id(void) { return syscall(SYS_gettid); }
/* Puts the calling thread in SCHED_IDLE (sched(7): "extremely low priority", below nice 19),
 * where any other thread that wakes takes its core at once; 0 when done, -1 (errno) when the
 * system refused. */
static inline int podium_idle_thread_priority(void) {
    struct sched_param none = { .sched_priority = 0 };
    return sched_setscheduler(0, SCHED_IDLE, &none);
}
