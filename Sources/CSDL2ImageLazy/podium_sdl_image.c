#include "podium_sdl_image.h"
#include "podium_lazy_library.h"
#include <SDL.h>
#include <SDL_image.h>
#include <pthread.h>

#define IMG_FUNCTIONS(X) X(IMG_Init) X(IMG_Quit) X(IMG_Load) X(IMG_SavePNG_RW) X(IMG_SaveJPG_RW)
IMG_FUNCTIONS(PODIUM_LAZY_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static void load(void) {
    static const char *const names[] = { IMG_FUNCTIONS(PODIUM_LAZY_NAME) };
    static void **const slots[] = { IMG_FUNCTIONS(PODIUM_LAZY_SLOT) };
    loaded = podium_lazy_resolve("libSDL2_image-2.0.so.0", names, slots, sizeof names / sizeof *names, load_error, sizeof load_error) == 0;
    if (loaded) p_IMG_Init(IMG_INIT_PNG | IMG_INIT_JPG);
}

/* Opened and ready; else SDL's error says why. */
static int ready(void) {
    pthread_once(&once, load);
    if (!loaded) SDL_SetError("%s", load_error);
    return loaded;
}

void *podium_img_load(const char *file) { return ready() ? p_IMG_Load(file) : NULL; }
int podium_img_save_png_rw(void *surface, void *dst, int freedst) { return ready() ? p_IMG_SavePNG_RW(surface, dst, freedst) : -1; }
int podium_img_save_jpg_rw(void *surface, void *dst, int freedst, int quality) {
    return ready() ? p_IMG_SaveJPG_RW(surface, dst, freedst, quality) : -1;
}
void podium_img_quit(void) { if (loaded) p_IMG_Quit(); }
