// toml++ behind a C function: parse, then flatten the tree into nodes that point into the
// parsed table, which the document keeps alive until it is freed.
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "koalio_toml.h"

struct koalio_toml {
    toml::table root;
    std::string error;
    bool failed = false;
    uint32_t error_line = 0;
    std::vector<koalio_toml_node> nodes;
    /// Date-times as text, kept here so their nodes can point at them.
    std::vector<std::string> texts;
};

namespace {

void set_line(koalio_toml_node &node, const toml::source_region &region) { node.line = region.begin.line; }

std::string date_time_text(const toml::node &value) {
    std::ostringstream out;
    if (auto date = value.as_date()) out << date->get();
    else if (auto time = value.as_time()) out << time->get();
    else if (auto both = value.as_date_time()) out << both->get();
    return out.str();
}

void flatten(koalio_toml &document, const toml::node &value, const toml::key *key) {
    size_t index = document.nodes.size();
    document.nodes.push_back(koalio_toml_node{});
    koalio_toml_node node{};
    if (key) {
        node.key = key->str().data();
        node.key_length = key->str().size();
        set_line(node, key->source());
    }
    if (node.line == 0) set_line(node, value.source());
    if (auto table = value.as_table()) {
        node.kind = KOALIO_TOML_TABLE;
        node.children = table->size();
        document.nodes[index] = node;
        for (auto &&[child_key, child] : *table) flatten(document, child, &child_key);
    } else if (auto array = value.as_array()) {
        node.kind = KOALIO_TOML_ARRAY;
        node.children = array->size();
        document.nodes[index] = node;
        for (auto &&child : *array) flatten(document, child, nullptr);
    } else {
        if (auto text = value.as_string()) {
            node.kind = KOALIO_TOML_STRING;
            node.text = text->get().data();
            node.text_length = text->get().size();
        } else if (auto integer = value.as_integer()) {
            node.kind = KOALIO_TOML_INTEGER;
            node.integer = integer->get();
        } else if (auto floating = value.as_floating_point()) {
            node.kind = KOALIO_TOML_FLOAT;
            node.floating = floating->get();
        } else if (auto boolean = value.as_boolean()) {
            node.kind = KOALIO_TOML_BOOLEAN;
            node.boolean = boolean->get() ? 1 : 0;
        } else {
            node.kind = KOALIO_TOML_DATE_TIME;
            document.texts.push_back(date_time_text(value));
        }
        document.nodes[index] = node;
    }
    document.nodes[index].subtree_size = document.nodes.size() - index;
}

}  // namespace

extern "C" koalio_toml *koalio_toml_parse(const char *text, size_t length) {
    auto *document = new (std::nothrow) koalio_toml;
    if (!document) return nullptr;
    try {
        toml::parse_result result = toml::parse(std::string_view(text, length));
        if (!result) {
            const toml::parse_error &error = result.error();
            document->failed = true;
            document->error = std::string(error.description());
            document->error_line = error.source().begin.line;
            return document;
        }
        document->root = std::move(result).table();
        flatten(*document, document->root, nullptr);
        // Date-time nodes point at their texts only now: a growing vector moves short strings.
        size_t next_text = 0;
        for (auto &node : document->nodes) {
            if (node.kind == KOALIO_TOML_DATE_TIME && next_text < document->texts.size()) {
                node.text = document->texts[next_text].data();
                node.text_length = document->texts[next_text].size();
                next_text++;
            }
        }
    } catch (const std::bad_alloc &) {
        delete document;
        return nullptr;
    }
    return document;
}

extern "C" void koalio_toml_free(koalio_toml *document) { delete document; }

extern "C" const char *koalio_toml_error(const koalio_toml *document) {
    return document->failed ? document->error.c_str() : nullptr;
}

extern "C" uint32_t koalio_toml_error_line(const koalio_toml *document) { return document->error_line; }
extern "C" size_t koalio_toml_node_count(const koalio_toml *document) { return document->nodes.size(); }
extern "C" const koalio_toml_node *koalio_toml_nodes(const koalio_toml *document) { return document->nodes.data(); }
