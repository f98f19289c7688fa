// ICU's AlphabeticIndex behind the C functions in podium_icu.h.
#include "podium_icu.h"
#include <unicode/alphaindex.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

using namespace icu;

void *podium_index_open(const char *locale, const char *const *extra, int32_t extra_count) {
    UErrorCode status = U_ZERO_ERROR;
    AlphabeticIndex index(Locale(locale), status);
    for (int32_t i = 0; i < extra_count && U_SUCCESS(status); i++) index.addLabels(Locale(extra[i]), status);
    // ICU thins out labels beyond 99 by default; several alphabets together need more.
    index.setMaxLabelCount(1000, status);
    if (U_FAILURE(status)) return nullptr;
    AlphabeticIndex::ImmutableIndex *built = index.buildImmutableIndex(status);
    if (U_FAILURE(status)) { delete built; return nullptr; }
    return built;
}

void podium_index_close(void *index) { delete static_cast<AlphabeticIndex::ImmutableIndex *>(index); }

int32_t podium_index_label(const void *index, const uint16_t *s, int32_t len, uint16_t *out, int32_t capacity) {
    auto built = static_cast<const AlphabeticIndex::ImmutableIndex *>(index);
    UErrorCode status = U_ZERO_ERROR;
    int32_t i = built->getBucketIndex(UnicodeString(reinterpret_cast<const UChar *>(s), len), status);
    const AlphabeticIndex::Bucket *bucket = U_SUCCESS(status) ? built->getBucket(i) : nullptr;
    if (!bucket || bucket->getLabelType() != U_ALPHAINDEX_NORMAL) return -1;
    const UnicodeString &label = bucket->getLabel();
    if (label.length() > capacity) return -1;
    label.extract(reinterpret_cast<UChar *>(out), capacity, status);
    return label.length();
}
