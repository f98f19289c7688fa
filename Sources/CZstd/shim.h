// Debian's Zstandard (libzstd-dev): the PDF page store packs pages it keeps for long again with
// it while the talk rests (Plugins/PDF/Render/PageRepack.swift). Already in the process: SDL's
// audio libraries link it.
#include <zstd.h>
