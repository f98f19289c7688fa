#include "podium_image_header.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A PNG decoded with libpng itself rather than SDL_image: SDL_image gives libpng no error or
 * warning function, so libpng printed its own "libpng error: IDAT: CRC error" to the talk's log,
 * naming no file. Here errors are kept for the caller's message and warnings are dropped. */
struct png_failure { char *text; size_t size; };

static void png_keep_error(png_structp p, png_const_charp m) {
    struct png_failure *f = png_get_error_ptr(p);
    if (f && f->size) snprintf(f->text, f->size, "%s", m ? m : "unknown libpng error");
    png_longjmp(p, 1);
}
static void png_drop_warning(png_structp p, png_const_charp m) { (void)p; (void)m; }

int podium_png_decode_rgba(const char *path, int *width, int *height, unsigned char **pixels, char *error, size_t error_size) {
    *pixels = NULL;
    if (error_size) error[0] = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    unsigned char sig[8];
    if (fread(sig, 1, 8, f) != 8 || png_sig_cmp(sig, 0, 8) != 0) { fclose(f); return -3; }
    struct png_failure failure = { error, error_size };
    png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, png_keep_error, png_drop_warning);
    if (!p) { fclose(f); return -2; }
    png_infop info = png_create_info_struct(p);
    unsigned char *volatile out = NULL;
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(p))) {
        free(rows); free(out);
        png_destroy_read_struct(&p, info ? &info : NULL, NULL);
        fclose(f);
        return -2;
    }
    png_set_user_limits(p, 0x7fffffff, 0x7fffffff);
    png_init_io(p, f);
    png_set_sig_bytes(p, 8);
    png_read_info(p, info);
    /* Any PNG to 8-bit RGBA: palettes, low bit depths and tRNS expanded, 16 bits cut to 8,
     * grey made RGB, opaque images given an opaque alpha. */
    png_set_expand(p);
    png_set_strip_16(p);
    png_set_gray_to_rgb(p);
    png_set_filler(p, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(p);
    png_read_update_info(p, info);
    png_uint_32 w = png_get_image_width(p, info), h = png_get_image_height(p, info);
    size_t stride = png_get_rowbytes(p, info);
    if (w == 0 || h == 0 || stride != (size_t)w * 4) png_error(p, "unexpected row layout after conversion to RGBA");
    out = malloc(stride * h);
    rows = malloc(sizeof(png_bytep) * h);
    if (!out || !rows) png_error(p, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = out + stride * y;
    png_read_image(p, rows);
    png_read_end(p, NULL);
    free(rows);
    png_destroy_read_struct(&p, &info, NULL);
    fclose(f);
    *width = (int)w; *height = (int)h; *pixels = out;
    return 0;
}
