#include "podium_image_header.h"

#include <fcntl.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>

/* libpng reports errors by longjmp; its warnings are not ours to print. */
static void png_quiet_warning(png_structp p, png_const_charp m) { (void)p; (void)m; }
static void png_fail(png_structp p, png_const_charp m) { (void)m; png_longjmp(p, 1); }

static int png_size(FILE *f, long *w, long *h) {
    png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail, png_quiet_warning);
    if (!p) return -2;
    png_infop info = png_create_info_struct(p);
    if (!info) { png_destroy_read_struct(&p, NULL, NULL); return -2; }
    if (setjmp(png_jmpbuf(p))) { png_destroy_read_struct(&p, &info, NULL); return -2; }
    /* No user limit here: the caller decides what is too large, and says by how much. */
    png_set_user_limits(p, 0x7fffffff, 0x7fffffff);
    png_init_io(p, f);
    png_read_info(p, info);   /* signature and IHDR only; no pixel data is read */
    *w = (long)png_get_image_width(p, info);
    *h = (long)png_get_image_height(p, info);
    png_destroy_read_struct(&p, &info, NULL);
    return 0;
}

struct jpeg_fail { struct jpeg_error_mgr mgr; jmp_buf jump; };
static void jpeg_fail_exit(j_common_ptr c) { longjmp(((struct jpeg_fail *)c->err)->jump, 1); }
static void jpeg_quiet(j_common_ptr c) { (void)c; }

static int jpeg_size(FILE *f, long *w, long *h) {
    struct jpeg_decompress_struct c;
    struct jpeg_fail e;
    c.err = jpeg_std_error(&e.mgr);
    e.mgr.error_exit = jpeg_fail_exit;
    e.mgr.output_message = jpeg_quiet;
    if (setjmp(e.jump)) { jpeg_destroy_decompress(&c); return -2; }
    jpeg_create_decompress(&c);
    jpeg_stdio_src(&c, f);
    jpeg_read_header(&c, TRUE);   /* markers up to the first scan; no pixel data */
    *w = (long)c.image_width;
    *h = (long)c.image_height;
    jpeg_destroy_decompress(&c);
    return 0;
}

static long le16(const unsigned char *b) { return (long)b[0] | (long)b[1] << 8; }
static long le32s(const unsigned char *b) { return (long)(int)((unsigned)b[0] | (unsigned)b[1] << 8 | (unsigned)b[2] << 16 | (unsigned)b[3] << 24); }

/* A regular file opened for reading (never blocking on a FIFO), its status, and its first
 * bytes in `b` (`*n` of them); NULL when it cannot be opened. */
static FILE *open_image(const char *path, struct stat *st, unsigned char b[64], size_t *n) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return NULL;
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) { close(fd); return NULL; }
    FILE *f = fdopen(fd, "rb");
    if (!f) { close(fd); return NULL; }
    *n = fread(b, 1, 64, f);
    return f;
}

/* The format of an image by its first `n` bytes (signatures only, never the file name). */
enum image_format { FORMAT_UNKNOWN, FORMAT_PNG, FORMAT_JPEG, FORMAT_WEBP, FORMAT_GIF, FORMAT_BMP };
static enum image_format format_of(const unsigned char *b, size_t n) {
    if (n >= 8 && png_sig_cmp(b, 0, 8) == 0) return FORMAT_PNG;
    if (n >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) return FORMAT_JPEG;
    if (n >= 12 && memcmp(b, "RIFF", 4) == 0 && memcmp(b + 8, "WEBP", 4) == 0) return FORMAT_WEBP;
    if (n >= 6 && memcmp(b, "GIF8", 4) == 0) return FORMAT_GIF;
    if (n >= 2 && b[0] == 'B' && b[1] == 'M') return FORMAT_BMP;
    return FORMAT_UNKNOWN;
}

int podium_image_header_size(const char *path, long *width, long *height) {
    struct stat st;
    unsigned char b[64];
    size_t n = 0;
    FILE *f = open_image(path, &st, b, &n);
    if (!f) return -1;
    int rc = -2;
    switch (format_of(b, n)) {
    case FORMAT_PNG: rewind(f); rc = png_size(f, width, height); break;
    case FORMAT_JPEG: rewind(f); rc = jpeg_size(f, width, height); break;
    case FORMAT_WEBP: {
        int w = 0, h = 0;
        /* WebPGetInfo reads the dimensions from the first chunk header. */
        if (n >= 30 && WebPGetInfo(b, n, &w, &h)) { *width = w; *height = h; rc = 0; }
        break;
    }
    case FORMAT_GIF:
        if (n >= 10) { *width = le16(b + 6); *height = le16(b + 8); rc = 0; }   /* logical screen descriptor */
        break;
    case FORMAT_BMP:
        if (n >= 26) {
            long w = le32s(b + 18), h = le32s(b + 22);             /* BITMAPINFOHEADER; h < 0: top-down */
            *width = w < 0 ? -w : w; *height = h < 0 ? -h : h; rc = 0;
        }
        break;
    case FORMAT_UNKNOWN: break;
    }
    fclose(f);
    return rc;
}

/* Every row read, then the end: libpng longjmps on a truncated or corrupt stream. */
static int png_decodes(FILE *f) {
    png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail, png_quiet_warning);
    if (!p) return -2;
    png_infop info = png_create_info_struct(p);
    png_bytep row = NULL;
    if (!info) { png_destroy_read_struct(&p, NULL, NULL); return -2; }
    if (setjmp(png_jmpbuf(p))) { free(row); png_destroy_read_struct(&p, &info, NULL); return -2; }
    png_set_user_limits(p, 0x7fffffff, 0x7fffffff);
    png_init_io(p, f);
    png_read_info(p, info);
    int passes = png_set_interlace_handling(p);
    png_read_update_info(p, info);
    row = malloc(png_get_rowbytes(p, info));
    if (!row) png_longjmp(p, 1);
    png_uint_32 h = png_get_image_height(p, info);
    for (int pass = 0; pass < passes; pass++)
        for (png_uint_32 y = 0; y < h; y++) png_read_row(p, row, NULL);
    png_read_end(p, NULL);
    free(row);
    png_destroy_read_struct(&p, &info, NULL);
    return 0;
}

/* Every scanline; libjpeg only warns about a premature end (and paints the rest grey), so a
 * warning counts as damage too. */
static int jpeg_decodes(FILE *f) {
    struct jpeg_decompress_struct c;
    struct jpeg_fail e;
    JSAMPARRAY row = NULL;
    c.err = jpeg_std_error(&e.mgr);
    e.mgr.error_exit = jpeg_fail_exit;
    e.mgr.output_message = jpeg_quiet;
    if (setjmp(e.jump)) { jpeg_destroy_decompress(&c); return -2; }
    jpeg_create_decompress(&c);
    jpeg_stdio_src(&c, f);
    jpeg_read_header(&c, TRUE);
    jpeg_start_decompress(&c);
    row = (*c.mem->alloc_sarray)((j_common_ptr)&c, JPOOL_IMAGE, c.output_width * (JDIMENSION)c.output_components, 1);
    while (c.output_scanline < c.output_height) jpeg_read_scanlines(&c, row, 1);
    jpeg_finish_decompress(&c);
    long warnings = e.mgr.num_warnings;
    jpeg_destroy_decompress(&c);
    return warnings > 0 ? -2 : 0;
}

int podium_image_decodes(const char *path) {
    struct stat st;
    unsigned char b[64];
    size_t n = 0;
    FILE *f = open_image(path, &st, b, &n);
    if (!f) return -1;
    int rc = -2;
    switch (format_of(b, n)) {
    case FORMAT_PNG: rewind(f); rc = png_decodes(f); break;
    case FORMAT_JPEG: rewind(f); rc = jpeg_decodes(f); break;
    case FORMAT_WEBP: {
        size_t size = (size_t)st.st_size;
        unsigned char *all = size > 0 && size <= (64u << 20) ? malloc(size) : NULL;
        if (all) {
            rewind(f);
            int w = 0, h = 0;
            uint8_t *px = fread(all, 1, size, f) == size ? WebPDecodeRGBA(all, size, &w, &h) : NULL;
            if (px) { rc = 0; WebPFree(px); }
            free(all);
        }
        break;
    }
    case FORMAT_BMP: {
        /* The file header's size and pixel-data offset against the file itself. */
        long declared = n >= 14 ? le32s(b + 2) : 0, offset = n >= 14 ? le32s(b + 10) : 0;
        rc = declared > 0 && declared <= st.st_size && offset > 0 && offset < st.st_size ? 0 : -2;
        break;
    }
    case FORMAT_GIF: {
        /* A GIF ends with its trailer byte (0x3B). */
        unsigned char last = 0;
        rc = fseek(f, -1, SEEK_END) == 0 && fread(&last, 1, 1, f) == 1 && last == 0x3B ? 0 : -2;
        break;
    }
    case FORMAT_UNKNOWN: break;
    }
    fclose(f);
    return rc;
}
