#include "podium_xmp.h"
#include "podium_lazy_library.h"
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define XML_FUNCTIONS(X) X(xmlInitParser) X(xmlReadMemory) X(xmlFreeDoc) X(xmlDocGetRootElement)
XML_FUNCTIONS(PODIUM_LAZY_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static void load(void) {
    static const char *const names[] = { XML_FUNCTIONS(PODIUM_LAZY_NAME) };
    static void **const slots[] = { XML_FUNCTIONS(PODIUM_LAZY_SLOT) };
    loaded = podium_lazy_resolve("libxml2.so.2", names, slots, sizeof names / sizeof *names, load_error, sizeof load_error) == 0;
    /* Its global state set up once, before any parse (not thread-safe in 2.9 on first use). */
    if (loaded) p_xmlInitParser();
}

static const char pdfpc_ns[] = "https://github.com/pdfpc/pdfpc";

/* Appends "name=value\n" (value: the node's own text, at most 200 bytes) if it fits. */
static int append(char *out, size_t out_len, size_t *used, const char *name, xmlNodePtr node) {
    char value[201];
    size_t n = 0;
    for (xmlNodePtr c = node->children; c && n < 200; c = c->next) {
        if ((c->type != XML_TEXT_NODE && c->type != XML_CDATA_SECTION_NODE) || !c->content) continue;
        for (const xmlChar *p = c->content; *p && n < 200; p++) value[n++] = (*p == '\n' || *p == '\r' || *p == '=') ? ' ' : (char)*p;
    }
    value[n] = 0;
    int w = snprintf(out + *used, out_len - *used, "%s=%s\n", name, value);
    if (w < 0 || (size_t)w >= out_len - *used) { out[*used] = 0; return 0; }
    *used += (size_t)w;
    return 1;
}

static int walk(xmlNodePtr node, char *out, size_t out_len, size_t *used) {
    int count = 0;
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE || !node->name) continue;
        const char *name = (const char *)node->name;
        const char *href = node->ns && node->ns->href ? (const char *)node->ns->href : NULL;
        if (href && strcmp(href, pdfpc_ns) == 0) count += append(out, out_len, used, name, node);
        else if (!href && strncmp(name, "pdfpc:", 6) == 0) count += append(out, out_len, used, name + 6, node);
        else count += walk(node->children, out, out_len, used);
    }
    return count;
}

int podium_xmp_pdfpc_entries(const char *xml, int len, char *out, size_t out_len, char *error, size_t error_len) {
    if (out_len) out[0] = 0;
    pthread_once(&once, load);
    if (!loaded) { snprintf(error, error_len, "%s", load_error); return -1; }
    xmlDocPtr doc = p_xmlReadMemory(xml, len, NULL, "UTF-8", XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc) return 0;
    size_t used = 0;
    int count = walk(p_xmlDocGetRootElement(doc), out, out_len, &used);
    p_xmlFreeDoc(doc);
    return count;
}
