// Debian's libmosquitto (libmosquitto-dev): the MQTT client behind `--broker` and `podium follow`.
// OpenSSL's libcrypto (libssl-dev, which libmosquitto already links): SHA-256 of the deck files.
// Neither is linked: both are opened on first use (podium_broker_load), so a talk without
// follower screens maps neither them nor libssl (issue 19). The functions Podium uses are
// defined here and forward to the libraries.
#pragma once
#include <mosquitto.h>
#include <openssl/evp.h>
#include <stddef.h>

/// Opens libmosquitto.so.1 and libcrypto.so.3, once. Returns 0 when both are loaded; else -1
/// with a message naming the library and the loader's error in `error` (when not NULL). Every
/// forwarded function loads them too, and fails as the library would when that fails
/// (NULL, MOSQ_ERR_UNKNOWN or 0).
int podium_broker_load(char *error, size_t error_len);
