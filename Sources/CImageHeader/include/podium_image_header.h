#ifndef PODIUM_IMAGE_HEADER_H
#define PODIUM_IMAGE_HEADER_H

/* Pixel dimensions of an image file read from its header only, without decoding pixels, so an
 * image too large to decode can be refused first. PNG through libpng, JPEG through libjpeg,
 * WebP through libwebp; GIF and BMP from their fixed header fields.
 * Returns 0 and sets *width, *height; -1 when the file cannot be opened; -2 when the header is
 * not a complete PNG, JPEG, WebP, GIF or BMP header (unknown format or truncated). */
int podium_image_header_size(const char *path, long *width, long *height);

/* Whether the whole image decodes: every PNG row and JPEG scanline (a libjpeg warning, e.g. a
 * premature end it would paint grey, counts as damage), the whole WebP; for BMP the declared
 * size fits the file, for GIF its trailer is there. Call after `podium_image_header_size` said
 * the size is acceptable (this decodes, one row at a time for PNG and JPEG).
 * Returns 0 when it decodes, -1 when the file cannot be opened, -2 when it is truncated or damaged. */
int podium_image_decodes(const char *path);

/* A PNG decoded to 8-bit RGBA (rows of width * 4 bytes, no padding) with libpng, whose own
 * stderr lines are kept out of the log: its error text goes to `error` (up to error_size bytes)
 * for the caller's message naming the file; warnings are dropped.
 * Returns 0 and sets *width, *height and *pixels (the caller frees it with free); -1 when the file
 * cannot be opened; -2 when it is damaged or truncated (error says why); -3 when it is no PNG. */
#include <stddef.h>
int podium_png_decode_rgba(const char *path, int *width, int *height, unsigned char **pixels, char *error, size_t error_size);



/* The EXIF orientation of an image file (1-8, TIFF tag 0x0112) read with libexif, or 1 when
 * the file has no EXIF data or no valid orientation. */
int podium_image_exif_orientation(const char *path);
#endif
