// A C face for the few ICU collation calls the band list needs. Only plain C types appear here:
// Swift's Foundation carries its own copy of ICU's headers, and both sets cannot be imported
// into one Swift module, so ICU's own headers stay inside podium_icu.c.
#pragma once
#include <stdint.h>

/// Opens a collator for `locale` ("sv_SE") with numeric ordering of digit runs; NULL on failure.
void *podium_collator_open(const char *locale);
void podium_collator_close(void *collator);
/// The locale ICU actually uses after fallback ("en_001" -> "en", unknown -> "root").
const char *podium_collator_locale(const void *collator);
/// -1, 0 or 1 as UTF-16 `a` sorts before, with or after `b`.
int podium_collator_compare(const void *collator, const uint16_t *a, int32_t la, const uint16_t *b, int32_t lb);
/// Writes the sort key of UTF-16 `s` into `out` and returns its length in bytes (which may
/// exceed `capacity`: call again with a bigger buffer).
int32_t podium_collator_sort_key(const void *collator, const uint16_t *s, int32_t len, uint8_t *out, int32_t capacity);

#ifdef __cplusplus
extern "C" {
#endif
/// ICU's AlphabeticIndex (C++ only in ICU4C, so podium_icu_index.cpp wraps it): the index
/// letters of `locale` plus those of each locale in `extra` (other alphabets a list may hold),
/// built immutable. NULL on failure.
void *podium_index_open(const char *locale, const char *const *extra, int32_t extra_count);
void podium_index_close(void *index);
/// Writes the label of the bucket UTF-16 `s` falls in ("A", "Ä", "Й") into `out` and returns
/// its length in UTF-16 units; -1 when `s` falls before the first letter, after the last or
/// between scripts (ICU's underflow, overflow and inflow buckets), or when `capacity` is too small.
int32_t podium_index_label(const void *index, const uint16_t *s, int32_t len, uint16_t *out, int32_t capacity);
#ifdef __cplusplus
}
#endif
