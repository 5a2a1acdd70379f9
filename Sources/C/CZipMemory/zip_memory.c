#include "zip_memory.h"
#include <string.h>

static voidpf memory_open(voidpf opaque, const void *filename, int mode) {
    (void)filename;
    if ((mode & ZLIB_FILEFUNC_MODE_READWRITEFILTER) != ZLIB_FILEFUNC_MODE_READ) return NULL;
    koalio_zip_memory *memory = opaque;
    memory->position = 0;
    return memory;
}

static uLong memory_read(voidpf opaque, voidpf stream, void *buffer, uLong size) {
    (void)opaque;
    koalio_zip_memory *memory = stream;
    size_t left = memory->size - memory->position;
    size_t count = size < left ? size : left;
    memcpy(buffer, memory->data + memory->position, count);
    memory->position += count;
    return (uLong)count;
}

static uLong memory_write(voidpf opaque, voidpf stream, const void *buffer, uLong size) {
    (void)opaque; (void)stream; (void)buffer; (void)size;
    return 0;  // read only
}

static ZPOS64_T memory_tell(voidpf opaque, voidpf stream) {
    (void)opaque;
    return ((koalio_zip_memory *)stream)->position;
}

static long memory_seek(voidpf opaque, voidpf stream, ZPOS64_T offset, int origin) {
    (void)opaque;
    koalio_zip_memory *memory = stream;
    ZPOS64_T base;
    switch (origin) {
    case ZLIB_FILEFUNC_SEEK_SET: base = 0; break;
    case ZLIB_FILEFUNC_SEEK_CUR: base = memory->position; break;
    case ZLIB_FILEFUNC_SEEK_END: base = memory->size; break;
    default: return -1;
    }
    if (offset > memory->size || base > memory->size - offset) return -1;
    memory->position = (size_t)(base + offset);
    return 0;
}

static int memory_close(voidpf opaque, voidpf stream) {
    (void)opaque; (void)stream;
    return 0;
}

static int memory_error(voidpf opaque, voidpf stream) {
    (void)opaque; (void)stream;
    return 0;
}

unzFile koalio_zip_open_memory(koalio_zip_memory *memory) {
    zlib_filefunc64_def functions = {
        .zopen64_file = memory_open, .zread_file = memory_read, .zwrite_file = memory_write,
        .ztell64_file = memory_tell, .zseek64_file = memory_seek, .zclose_file = memory_close,
        .zerror_file = memory_error, .opaque = memory,
    };
    return unzOpen2_64("memory", &functions);
}
