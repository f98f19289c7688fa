#include "podium_tessellate.h"
#include <GL/glu.h>
#include "podium_lazy_library.h"
#include <pthread.h>
#include <stdlib.h>

// GLU (and the OpenGL library it links) is opened on the first tessellation, not at launch: most
// talks draw no shape (issue 19). The functions used, resolved once.
#define GLU_FUNCTIONS(X) X(gluNewTess) X(gluDeleteTess) X(gluTessCallback) X(gluTessProperty) X(gluTessNormal) \
    X(gluTessBeginPolygon) X(gluTessEndPolygon) X(gluTessBeginContour) X(gluTessEndContour) X(gluTessVertex)
GLU_FUNCTIONS(PODIUM_LAZY_POINTER)
static int glu_loaded;
static pthread_once_t glu_once = PTHREAD_ONCE_INIT;

static void load_glu(void) {
    static const char *const names[] = { GLU_FUNCTIONS(PODIUM_LAZY_NAME) };
    static void **const slots[] = { GLU_FUNCTIONS(PODIUM_LAZY_SLOT) };
    char error[256];
    glu_loaded = podium_lazy_resolve("libGLU.so.1", names, slots, sizeof names / sizeof *names, error, sizeof error) == 0;
}

#define gluNewTess p_gluNewTess
#define gluDeleteTess p_gluDeleteTess
#define gluTessCallback p_gluTessCallback
#define gluTessProperty p_gluTessProperty
#define gluTessNormal p_gluTessNormal
#define gluTessBeginPolygon p_gluTessBeginPolygon
#define gluTessEndPolygon p_gluTessEndPolygon
#define gluTessBeginContour p_gluTessBeginContour
#define gluTessEndContour p_gluTessEndContour
#define gluTessVertex p_gluTessVertex

// The tessellator hands back vertex pointers; points it adds where edges cross are allocated
// here and freed together at the end.
typedef struct {
    double *tri; int32_t count, capacity;     // triangle corners, 2 doubles each
    double **extra; int32_t extra_count, extra_capacity;
    int failed;
} Out;

static void grow(void **p, int32_t *capacity, int32_t need, size_t size, int *failed) {
    if (need <= *capacity) return;
    int32_t c = *capacity ? *capacity * 2 : 64;
    while (c < need) c *= 2;
    void *n = realloc(*p, (size_t)c * size);
    if (!n) { *failed = 1; return; }
    *p = n; *capacity = c;
}

static void on_vertex(void *vertex, void *data) {
    Out *o = data;
    grow((void **)&o->tri, &o->capacity, o->count + 2, sizeof(double), &o->failed);
    if (o->failed) return;
    const double *v = vertex;
    o->tri[o->count++] = v[0];
    o->tri[o->count++] = v[1];
}

static void on_combine(GLdouble coords[3], void *vertices[4], GLfloat weights[4], void **result, void *data) {
    (void)vertices; (void)weights;
    Out *o = data;
    double *v = malloc(3 * sizeof(double));
    grow((void **)&o->extra, &o->extra_capacity, o->extra_count + 1, sizeof(double *), &o->failed);
    if (!v || o->failed) { free(v); o->failed = 1; *result = NULL; return; }
    v[0] = coords[0]; v[1] = coords[1]; v[2] = 0;
    o->extra[o->extra_count++] = v;
    *result = v;
}

// With an edge-flag callback GLU emits separate triangles only (no fans or strips).
static void on_edge_flag(GLboolean flag) { (void)flag; }
static void on_error(GLenum e, void *data) { (void)e; ((Out *)data)->failed = 1; }

int32_t podium_tessellate(const double *xy, const int32_t *ring_lengths, int32_t ring_count, int32_t nonzero, double **out) {
    *out = NULL;
    pthread_once(&glu_once, load_glu);
    if (!glu_loaded) return -1;
    GLUtesselator *t = gluNewTess();
    if (!t) return -1;
    Out o = {0};
    gluTessCallback(t, GLU_TESS_VERTEX_DATA, (void (*)(void))on_vertex);
    gluTessCallback(t, GLU_TESS_COMBINE_DATA, (void (*)(void))on_combine);
    gluTessCallback(t, GLU_TESS_EDGE_FLAG, (void (*)(void))on_edge_flag);
    gluTessCallback(t, GLU_TESS_ERROR_DATA, (void (*)(void))on_error);
    gluTessProperty(t, GLU_TESS_WINDING_RULE, nonzero ? GLU_TESS_WINDING_NONZERO : GLU_TESS_WINDING_ODD);
    gluTessNormal(t, 0, 0, 1);
    // GLU wants 3 coordinates per vertex and keeps the pointers until the end.
    int32_t total = 0;
    for (int32_t r = 0; r < ring_count; r++) total += ring_lengths[r] > 0 ? ring_lengths[r] : 0;
    double *xyz = malloc((size_t)(total ? total : 1) * 3 * sizeof(double));
    if (!xyz) { gluDeleteTess(t); return -1; }
    gluTessBeginPolygon(t, &o);
    int32_t k = 0;
    for (int32_t r = 0; r < ring_count; r++) {
        if (ring_lengths[r] <= 0) continue;
        gluTessBeginContour(t);
        for (int32_t i = 0; i < ring_lengths[r]; i++, k++) {
            xyz[3 * k] = xy[2 * k]; xyz[3 * k + 1] = xy[2 * k + 1]; xyz[3 * k + 2] = 0;
            gluTessVertex(t, &xyz[3 * k], &xyz[3 * k]);
        }
        gluTessEndContour(t);
    }
    gluTessEndPolygon(t);
    gluDeleteTess(t);
    free(xyz);
    for (int32_t i = 0; i < o.extra_count; i++) free(o.extra[i]);
    free(o.extra);
    if (o.failed) { free(o.tri); return -1; }
    if (o.count == 0) { free(o.tri); return 0; }
    *out = o.tri;
    return o.count / 6;
}
