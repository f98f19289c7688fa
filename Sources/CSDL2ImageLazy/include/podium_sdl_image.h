// SDL_image opened on first use, not linked (issue 19): decoding a picture file and encoding
// PNG/JPEG (snapshots, thumbnails) are not part of a PDF talk's first frames, and
// libSDL2_image links libtiff with libLerc, libjbig and libdeflate. The first call opens it
// (and calls IMG_Init for PNG and JPEG); if it is missing, each call fails with SDL's error set to
// "cannot load libSDL2_image-2.0.so.0: ...". Surfaces and RWops are SDL's (`SDL_Surface *`,
// `SDL_RWops *`), passed untyped so this header needs no SDL include path.
#pragma once

/* IMG_Load: a new surface, or NULL with SDL_GetError set. Any thread. */
void *podium_img_load(const char *file);
/* IMG_SavePNG_RW, IMG_SaveJPG_RW: 0, or -1 with SDL_GetError set. */
int podium_img_save_png_rw(void *surface, void *dst, int freedst);
int podium_img_save_jpg_rw(void *surface, void *dst, int freedst, int quality);
/* IMG_Quit, if it was ever opened. */
void podium_img_quit(void);
