/* EXIF orientation through Debian's libexif, opened on the first picture (issue 19: not linked,
 * so a talk without pictures never maps it). */
#include "podium_image_header.h"
#include "podium_lazy_library.h"
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <libexif/exif-data.h>

#define EXIF_FUNCTIONS(X) X(exif_data_new_from_file) X(exif_content_get_entry) X(exif_get_short) \
    X(exif_data_get_byte_order) X(exif_data_unref)
EXIF_FUNCTIONS(PODIUM_LAZY_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;

/* Without libexif pictures are shown as stored; stderr says so once. */
static void load(void) {
    static const char *const names[] = { EXIF_FUNCTIONS(PODIUM_LAZY_NAME) };
    static void **const slots[] = { EXIF_FUNCTIONS(PODIUM_LAZY_SLOT) };
    char error[512];
    loaded = podium_lazy_resolve("libexif.so.12", names, slots, sizeof names / sizeof *names, error, sizeof error) == 0;
    if (!loaded) fprintf(stderr, "podium: pictures are not turned upright by their EXIF orientation: %s\n", error);
}

int podium_image_exif_orientation(const char *path) {
    pthread_once(&once, load);
    if (!loaded) return 1;
    ExifData *data = p_exif_data_new_from_file(path);
    if (!data) return 1;
    int orientation = 1;
    ExifEntry *e = NULL;
    for (int i = 0; i < EXIF_IFD_COUNT && !e; i++) e = p_exif_content_get_entry(data->ifd[i], EXIF_TAG_ORIENTATION);
    if (e && e->format == EXIF_FORMAT_SHORT && e->components == 1) {
        int v = p_exif_get_short(e->data, p_exif_data_get_byte_order(data));
        if (v >= 1 && v <= 8) orientation = v;
    }
    p_exif_data_unref(data);
    return orientation;
}
