#include "podium_icu.h"
#include <unicode/ucol.h>

void *podium_collator_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *c = ucol_open(locale, &status);
    if (U_FAILURE(status)) return NULL;
    ucol_setAttribute(c, UCOL_NUMERIC_COLLATION, UCOL_ON, &status);
    return c;
}

void podium_collator_close(void *collator) { ucol_close((UCollator *)collator); }

const char *podium_collator_locale(const void *collator) {
    UErrorCode status = U_ZERO_ERROR;
    const char *l = ucol_getLocaleByType((const UCollator *)collator, ULOC_ACTUAL_LOCALE, &status);
    return U_FAILURE(status) || !l ? "root" : l;
}

int podium_collator_compare(const void *collator, const uint16_t *a, int32_t la, const uint16_t *b, int32_t lb) {
    return (int)ucol_strcoll((const UCollator *)collator, (const UChar *)a, la, (const UChar *)b, lb);
}

int32_t podium_collator_sort_key(const void *collator, const uint16_t *s, int32_t len, uint8_t *out, int32_t capacity) {
    return ucol_getSortKey((const UCollator *)collator, (const UChar *)s, len, out, capacity);
}
