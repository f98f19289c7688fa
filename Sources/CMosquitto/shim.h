// Debian's libmosquitto (libmosquitto-dev): the MQTT client behind `--broker` and `podium follow`.
// OpenSSL's libcrypto (libssl-dev, which libmosquitto already links): SHA-256 of the deck files.
#include <mosquitto.h>
#include <openssl/evp.h>
