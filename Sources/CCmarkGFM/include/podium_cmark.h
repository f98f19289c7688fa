// Debian's libcmark-gfm + libcmark-gfm-extensions (GitHub's CommonMark parser with the table,
// strikethrough and autolink extensions), opened on first use, not linked (issue 19): a talk
// without Markdown notes or pages never maps them. `podium_cmark_load` opens both; each
// `podium_cmark_NAME` below is cmark's `cmark_NAME`, called through a pointer it filled.
#pragma once
#include <stddef.h>
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/* Opens the two libraries and registers the extensions, once (any thread); 1 when ready, else
 * 0 with `error` naming the missing library or function. */
int podium_cmark_load(char *error, size_t error_len);

cmark_parser *podium_cmark_parser_new(int options);
void podium_cmark_parser_free(cmark_parser *parser);
cmark_syntax_extension *podium_cmark_find_syntax_extension(const char *name);
int podium_cmark_parser_attach_syntax_extension(cmark_parser *parser, cmark_syntax_extension *extension);
void podium_cmark_parser_feed(cmark_parser *parser, const char *buffer, size_t len);
cmark_node *podium_cmark_parser_finish(cmark_parser *parser);
void podium_cmark_node_free(cmark_node *node);
cmark_node *podium_cmark_node_first_child(cmark_node *node);
cmark_node *podium_cmark_node_next(cmark_node *node);
const char *podium_cmark_node_get_type_string(cmark_node *node);
cmark_node_type podium_cmark_node_get_type(cmark_node *node);
int podium_cmark_node_get_heading_level(cmark_node *node);
cmark_list_type podium_cmark_node_get_list_type(cmark_node *node);
cmark_delim_type podium_cmark_node_get_list_delim(cmark_node *node);
int podium_cmark_node_get_list_start(cmark_node *node);
const char *podium_cmark_node_get_fence_info(cmark_node *node);
const char *podium_cmark_node_get_literal(cmark_node *node);
const char *podium_cmark_node_get_url(cmark_node *node);
