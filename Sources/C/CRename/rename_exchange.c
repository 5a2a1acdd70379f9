#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include "rename_exchange.h"

int koalio_rename_exchange(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}
