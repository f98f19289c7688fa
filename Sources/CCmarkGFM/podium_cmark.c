#include "podium_cmark.h"
#include "podium_lazy_library.h"
#include <pthread.h>
#include <stdio.h>

#define CMARK_FUNCTIONS(X) X(cmark_parser_new) X(cmark_parser_free) X(cmark_parser_feed) X(cmark_parser_finish) \
    X(cmark_parser_attach_syntax_extension) X(cmark_find_syntax_extension) X(cmark_node_free) X(cmark_node_first_child) \
    X(cmark_node_next) X(cmark_node_get_type_string) X(cmark_node_get_type) X(cmark_node_get_heading_level) \
    X(cmark_node_get_list_type) X(cmark_node_get_list_delim) X(cmark_node_get_list_start) X(cmark_node_get_fence_info) \
    X(cmark_node_get_literal) X(cmark_node_get_url)
#define EXTENSION_FUNCTIONS(X) X(cmark_gfm_core_extensions_ensure_registered)
CMARK_FUNCTIONS(PODIUM_LAZY_POINTER)
EXTENSION_FUNCTIONS(PODIUM_LAZY_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static void load(void) {
    static const char *const cmark[] = { CMARK_FUNCTIONS(PODIUM_LAZY_NAME) }, *const ext[] = { EXTENSION_FUNCTIONS(PODIUM_LAZY_NAME) };
    static void **const cmark_slots[] = { CMARK_FUNCTIONS(PODIUM_LAZY_SLOT) }, **const ext_slots[] = { EXTENSION_FUNCTIONS(PODIUM_LAZY_SLOT) };
    loaded = podium_lazy_resolve("libcmark-gfm.so.0.29.0.gfm.6", cmark, cmark_slots, sizeof cmark / sizeof *cmark, load_error, sizeof load_error) == 0
        && podium_lazy_resolve("libcmark-gfm-extensions.so.0.29.0.gfm.6", ext, ext_slots, sizeof ext / sizeof *ext, load_error, sizeof load_error) == 0;
    if (loaded) p_cmark_gfm_core_extensions_ensure_registered();
}

int podium_cmark_load(char *error, size_t error_len) {
    pthread_once(&once, load);
    if (!loaded) snprintf(error, error_len, "%s", load_error);
    return loaded;
}

cmark_parser *podium_cmark_parser_new(int options) { return p_cmark_parser_new(options); }
void podium_cmark_parser_free(cmark_parser *parser) { p_cmark_parser_free(parser); }
cmark_syntax_extension *podium_cmark_find_syntax_extension(const char *name) { return p_cmark_find_syntax_extension(name); }
int podium_cmark_parser_attach_syntax_extension(cmark_parser *parser, cmark_syntax_extension *extension) {
    return p_cmark_parser_attach_syntax_extension(parser, extension);
}
void podium_cmark_parser_feed(cmark_parser *parser, const char *buffer, size_t len) { p_cmark_parser_feed(parser, buffer, len); }
cmark_node *podium_cmark_parser_finish(cmark_parser *parser) { return p_cmark_parser_finish(parser); }
void podium_cmark_node_free(cmark_node *node) { p_cmark_node_free(node); }
cmark_node *podium_cmark_node_first_child(cmark_node *node) { return p_cmark_node_first_child(node); }
cmark_node *podium_cmark_node_next(cmark_node *node) { return p_cmark_node_next(node); }
const char *podium_cmark_node_get_type_string(cmark_node *node) { return p_cmark_node_get_type_string(node); }
cmark_node_type podium_cmark_node_get_type(cmark_node *node) { return p_cmark_node_get_type(node); }
int podium_cmark_node_get_heading_level(cmark_node *node) { return p_cmark_node_get_heading_level(node); }
cmark_list_type podium_cmark_node_get_list_type(cmark_node *node) { return p_cmark_node_get_list_type(node); }
cmark_delim_type podium_cmark_node_get_list_delim(cmark_node *node) { return p_cmark_node_get_list_delim(node); }
int podium_cmark_node_get_list_start(cmark_node *node) { return p_cmark_node_get_list_start(node); }
const char *podium_cmark_node_get_fence_info(cmark_node *node) { return p_cmark_node_get_fence_info(node); }
const char *podium_cmark_node_get_literal(cmark_node *node) { return p_cmark_node_get_literal(node); }
const char *podium_cmark_node_get_url(cmark_node *node) { return p_cmark_node_get_url(node); }
