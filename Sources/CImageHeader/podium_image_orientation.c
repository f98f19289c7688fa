/* EXIF orientation through Debian's libexif. */
#include "podium_image_header.h"
#include <stddef.h>
#include <libexif/exif-data.h>

int podium_image_exif_orientation(const char *path) {
    ExifData *data = exif_data_new_from_file(path);
    if (!data) return 1;
    int orientation = 1;
    ExifEntry *e = exif_data_get_entry(data, EXIF_TAG_ORIENTATION);
    if (e && e->format == EXIF_FORMAT_SHORT && e->components == 1) {
        int v = exif_get_short(e->data, exif_data_get_byte_order(data));
        if (v >= 1 && v <= 8) orientation = v;
    }
    exif_data_unref(data);
    return orientation;
}
