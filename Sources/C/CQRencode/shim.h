/* libqrencode (Debian's libqrencode-dev): the phones' pairing card's QR code. Only KoalioLocalServer imports it. */
#ifndef KOALIO_CQRENCODE_SHIM_H
#define KOALIO_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
