// koalio's C face of toml++ (Debian's libtomlplusplus-dev, header-only): a parsed document as
// a flat array of nodes in document order, so Swift reads it without C++ interop.
#ifndef KOALIO_TOML_H
#define KOALIO_TOML_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    KOALIO_TOML_TABLE = 0,
    KOALIO_TOML_ARRAY = 1,
    KOALIO_TOML_STRING = 2,
    KOALIO_TOML_INTEGER = 3,
    KOALIO_TOML_FLOAT = 4,
    KOALIO_TOML_BOOLEAN = 5,
    /// A date, a time or a date-time: koalio's files have none; `text` holds it as TOML writes it.
    KOALIO_TOML_DATE_TIME = 6,
} koalio_toml_kind;

/// One value. A table or array is followed by its `children` direct children, each with its
/// own subtree; `subtree_size` counts this node and everything below it.
typedef struct {
    koalio_toml_kind kind;
    /// The key naming this value in its table (NULL for an array's element and the root),
    /// `key_length` bytes, possibly with NUL bytes inside.
    const char *key;
    size_t key_length;
    /// A string's bytes (or a date-time's text), `text_length` of them, NUL bytes included.
    const char *text;
    size_t text_length;
    int64_t integer;
    double floating;
    int boolean;
    size_t children;
    size_t subtree_size;
    /// The line where the key (else the value) starts, 1-based; 0 when toml++ does not know.
    uint32_t line;
} koalio_toml_node;

typedef struct koalio_toml koalio_toml;

/// Parses `length` bytes of UTF-8 TOML. Returns NULL only when out of memory; otherwise a
/// document to free with `koalio_toml_free`, which either failed (see the error functions)
/// or holds nodes (the root table first).
koalio_toml *koalio_toml_parse(const char *text, size_t length);
void koalio_toml_free(koalio_toml *document);

/// toml++'s description of the first syntax error, or NULL when the text parsed.
const char *koalio_toml_error(const koalio_toml *document);
uint32_t koalio_toml_error_line(const koalio_toml *document);

size_t koalio_toml_node_count(const koalio_toml *document);
const koalio_toml_node *koalio_toml_nodes(const koalio_toml *document);

#ifdef __cplusplus
}
#endif

#endif
