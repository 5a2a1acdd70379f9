// libsodium (Debian libsodium-dev): the authenticated encryption that seals online play's
// datagrams over the internet (ChaCha20-Poly1305, IETF) and the random keys it uses.
#include <sodium.h>
