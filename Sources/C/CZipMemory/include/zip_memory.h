#ifndef KOALIO_ZIP_MEMORY_H
#define KOALIO_ZIP_MEMORY_H
#include <stddef.h>
#include <minizip/unzip.h>

/// A zip held in memory, read by minizip through callbacks: a pack's zip is read whole
/// (within its size limit) and opened from there, so the file cannot change under the reader
/// and the fuzz target reads bytes as the game does.
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t position;
} koalio_zip_memory;

/// Opens `memory` (which must outlive the handle) as a zip; NULL when it is not one.
unzFile koalio_zip_open_memory(koalio_zip_memory *memory);

#endif
